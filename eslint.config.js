import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** The order of the server's features: a feature imports only those of a lower level. */
const FEATURE_LEVELS = {
  edition: 0,
  account: 1,
  forms: 1,
  units: 2,
  invitations: 3,
  reception: 3,
  guests: 4,
  // below temporary: temporary registrations answer the door's TemporaryPeopleAtTheDoor
  door: 5,
  activities: 6,
  content: 6,
  notices: 6,
  wishes: 6,
  temporary: 6,
  retention: 6,
  dashboard: 7,
  messages: 7,
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-artifacts/', 'src/generated/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // src/client and src/server never import each other (DESIGN.md).
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // The screen engine is generic: features hand it their operations and cells (app/catalogue),
    // it never imports them (the server rule above is repeated: a later block replaces the rule).
    files: ['src/client/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'src/client never imports src/server.' },
            { group: ['**/screens/**', '**/app/**'], message: 'The engine imports no feature code: register it through app/catalogue.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/client/**'] }],
      // services reach their users as constructor parameters and plugin options (composition.ts);
      // app.services is the test and bench handle only
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='services']",
          message: 'Take the service as a plugin option or constructor parameter (composition.ts).',
        },
      ],
    },
  },
  {
    files: ['src/server/app.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // shared server folders import no feature (docs/ARCHITECTURE.md rule 3)
    files: ['src/server/{db,http,plugins,cluster,outbox,imports,auth,audit,security,privacy,uploads,exports,schema-versions}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'src/server never imports src/client.' },
            { group: ['**/features/**'], message: 'Shared server code imports no feature: own an interface, wire it in composition.ts.' },
          ],
        },
      ],
    },
  },
  // features import only the features below them (docs/ARCHITECTURE.md rule 3)
  ...Object.entries(FEATURE_LEVELS).map(([feature, level]) => ({
    files: [`src/server/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'src/server never imports src/client.' },
            ...Object.entries(FEATURE_LEVELS)
              .filter(([other, otherLevel]) => other !== feature && otherLevel >= level)
              .map(([other]) => ({
                group: [`../${other}/**`, `**/features/${other}/**`],
                message: `${feature} may not import ${other} (not below it): own an interface here and wire it in composition.ts.`,
              })),
          ],
        },
      ],
    },
  })),
  {
    // migrations are history: they import no live feature or service code
    files: ['src/server/db/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/auth/**', '**/privacy/**', '**/uploads/**', '**/audit/**', '**/exports/**', '**/client/**'],
              message: 'A migration imports only db/, security/ and shared code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
);
