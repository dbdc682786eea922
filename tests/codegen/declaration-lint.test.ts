/**
 * Screen declarations are checked by codegen: the shipped ones pass, and each kind of broken
 * reference or shape (on a temp copy of ui-schemas/) fails codegen naming file, pointer and name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAll, SchemaLintError } from '../../codegen/pipeline.js';
import { collectCodeNames } from '../../codegen/code-names.js';
import { defaultOptions } from '../../codegen/pipeline.js';
import { editJson, tempWorkspace } from './helpers.js';

const workspace = tempWorkspace();
// the workspace's own ui-schemas/ copy stays as shipped: break a second copy
const uiSchemasDir = path.join(workspace.dir, 'ui-schemas-broken');
// the shipped declarations are checked against workspace.options: break schemas on a copy of their own
const schemasDir = path.join(workspace.dir, 'schemas-broken');
const screen = (id: string): string => path.join(uiSchemasDir, 'screens', `${id}.json`);
let problems: string[] = [];

type Json = Record<string, unknown>;

beforeAll(async () => {
  fs.cpSync(defaultOptions.uiSchemasDir, uiSchemasDir, { recursive: true });
  fs.cpSync(defaultOptions.schemasDir, schemasDir, { recursive: true });
  editJson(screen('register'), (d) => {
    d.submit = 'registr'; // operation typo
    d.titleKey = 'routes.no-such-title'; // i18n key missing
    d.uiSchema = 'no-such-ui-schema';
  });
  editJson(screen('change-password'), (d) => {
    d.schema = 'pasword-change'; // schema typo
  });
  editJson(screen('reset-password'), (d) => {
    d.success = { action: 'navigate' }; // navigate without `to`
    d.submit = 'no-such-operation';
  });
  editJson(screen('login'), (d) => {
    (d.tabs as Json[])[1] = { labelKey: 'login.codeTab', screen: 'sign-in-kode-form' };
  });
  editJson(screen('guest-registration'), (d) => {
    const steps = d.steps as Json[];
    (steps[0] as Json).save = 'saveGuestBasik';
    (steps[0] as Json).editableWhen = 'canEditEverything';
    (steps[1] as Json).source = 'intentions'; // not a property of response-guest-detail
    (steps[2] as Json).panel = 'entourag';
    ((steps[3] as Json).alsoShow as Json).source = 'receptions';
  });
  // a wizard whose context schema does not exist, and one that names none
  const wizard = JSON.parse(fs.readFileSync(screen('guest-registration'), 'utf8')) as Json;
  fs.writeFileSync(
    screen('broken-context-wizard'),
    JSON.stringify({ ...wizard, id: 'broken-context-wizard', context: 'response-guest-detial' }),
  );
  const { context: _context, ...noContext } = wizard;
  fs.writeFileSync(screen('no-context-wizard'), JSON.stringify({ ...noContext, id: 'no-context-wizard' }));
  // route params: a form whose operations read `id` on a route without it, and a navigate target needing one
  editJson(screen('guest-epidemic'), (d) => {
    d.route = '/guests/epidemic';
  });
  editJson(screen('good-wishes'), (d) => {
    d.success = { action: 'navigate', to: '/guests/:guestId' };
  });
  editJson(screen('edition-settings'), (d) => {
    d.submitLabel = 'common.save'; // unknown property (a typo of submitLabelKey)
  });
  editJson(screen('notice-list'), (d) => {
    (d.columns as Json[])[0] = { field: 'titel', labelKey: 'schema.fields.noticeTitle' }; // not a property of the item
    d.rowLink = '/myNotice/:noticeId'; // route parameter the row does not have
    d.emptyKey = 'notices.nothing';
    d.load = 'myNoticePag';
  });
  editJson(screen('audit-log'), (d) => {
    d.query = { schema: 'audit-filtr-query', submitLabelKey: 'console.search.submit' };
    (d.columns as Json[])[3] = { labelKey: 'guest.audit.target', format: 'cell', cell: 'auditTarjet' };
  });
  // an action the locales have no text for, under either prefix of the audit log's label column
  editJson(path.join(schemasDir, 'response-console-audit-page.json'), (d) => {
    const items = ((d.properties as Json).records as Json).items as Json;
    ((items.properties as Json).action as Json).enum = ['guest.approve', 'guest.vanish'];
  });
  const list = (id: string, extra: Json) => ({
    id,
    kind: 'list',
    titleKey: 'routes.notice',
    load: 'myNoticePage',
    itemSchema: 'response-notice-page',
    columns: [{ field: 'title', labelKey: 'schema.fields.noticeTitle' }],
    emptyKey: 'notices.empty',
    ...extra,
  });
  fs.writeFileSync(
    screen('list-label-texts'),
    JSON.stringify(
      list('list-label-texts', {
        load: 'consoleAuditPage',
        itemSchema: 'response-console-audit-page',
        columns: [
          {
            field: 'action',
            labelKey: 'guest.audit.action',
            format: 'label',
            labelPrefixes: ['guest.audit.actions', 'console.audit.actions'],
          },
        ],
      }),
    ),
  );
  fs.writeFileSync(screen('list-no-item-schema'), JSON.stringify(list('list-no-item-schema', { itemSchema: 'response-notise-page' })));
  fs.writeFileSync(
    screen('list-boolean-texts'),
    JSON.stringify(
      list('list-boolean-texts', { columns: [{ field: 'read', labelKey: 'notices.status', format: 'boolean', trueKey: 'notices.read' }] }),
    ),
  );
  // a list's load reads route params like a form's operations: on a route without `id` it fails, on one with it passes
  fs.writeFileSync(
    screen('list-route-params'),
    JSON.stringify(list('list-route-params', { route: '/lists/plain', load: 'guestEpidemic' })),
  );
  fs.writeFileSync(
    screen('list-with-route-param'),
    JSON.stringify(list('list-with-route-param', { route: '/lists/:id', load: 'guestEpidemic' })),
  );
  // the host's facts count as fields of the row for the actions' conditions; a fact may not shadow a row's field
  const factAction = {
    id: 'x',
    labelKey: 'notices.empty',
    event: 'x',
    visibleWhen: [{ field: 'editable', in: [true] }],
    enabledWhen: [{ field: 'editabel', in: [true] }],
  };
  fs.writeFileSync(
    screen('list-host-facts'),
    JSON.stringify(list('list-host-facts', { hostFacts: ['editable', 'title'], rowActions: [factAction] })),
  );
  try {
    await generateAll({ ...workspace.options, uiSchemasDir, schemasDir });
  } catch (error) {
    if (!(error instanceof SchemaLintError)) throw error;
    problems = error.problems;
  }
}, 60_000);
afterAll(() => workspace.cleanup());

describe('screen declaration lint', () => {
  it('passes the shipped declarations', async () => {
    await expect(generateAll(workspace.options)).resolves.toBeInstanceOf(Map);
  }, 60_000);

  it.each([
    ['register.json: /submit names operation "registr", which does not exist'],
    ['register.json: /titleKey names i18n key "routes.no-such-title", missing in locales/zh-CN'],
    ['register.json: /titleKey names i18n key "routes.no-such-title", missing in locales/en'],
    ['register.json: /uiSchema names uiSchema "no-such-ui-schema", which does not exist'],
    ['change-password.json: /schema names schema "pasword-change", which does not exist'],
    ["reset-password.json: /success must have required property 'to'"],
    ['login.json: /tabs/1/screen names screen "sign-in-kode-form", which does not exist'],
    ['guest-registration.json: /steps/0/save names save "saveGuestBasik", which does not exist'],
    [
      'guest-registration.json: /steps/0/editableWhen names gate "canEditEverything", which the context schema "response-guest-detail" does not declare in its gates',
    ],
    ['guest-registration.json: /steps/1/source names "intentions", which is not a property of the context schema "response-guest-detail"'],
    [
      'guest-registration.json: /steps/3/alsoShow/source names "receptions", which is not a property of the context schema "response-guest-detail"',
    ],
    ['broken-context-wizard.json: /context names schema "response-guest-detial", which does not exist'],
    ["no-context-wizard.json: / must have required property 'context'"],
    ['guest-epidemic.json: /load operation "guestEpidemic" reads route param "id", which route "/guests/epidemic" does not have'],
    ['guest-epidemic.json: /submit operation "saveGuestEpidemic" reads route param "id", which route "/guests/epidemic" does not have'],
    ['guest-epidemic.json: /success/to uses route param "id", which route "/guests/epidemic" does not have'],
    ['good-wishes.json: /success/to uses route param "guestId"'],
    ['guest-registration.json: /steps/2/panel names panel "entourag", which does not exist'],
    ['edition-settings.json: / must NOT have additional properties "submitLabel"'],
    ['notice-list.json: /columns/0/field "titel" is not a property of the item schema response-notice-page'],
    ['notice-list.json: /rowLink parameter ":noticeId" is not a property of the item schema response-notice-page'],
    ['notice-list.json: /emptyKey names i18n key "notices.nothing", missing in locales/zh-CN'],
    ['notice-list.json: /load names operation "myNoticePag", which does not exist'],
    ['audit-log.json: /query/schema names schema "audit-filtr-query", which does not exist'],
    ['audit-log.json: /columns/3/cell names cell "auditTarjet", which does not exist'],
    ['list-label-texts.json: /columns/0 has no text for the value "guest.vanish" of action in locales/en'],
    ['list-no-item-schema.json: /itemSchema names schema "response-notise-page", which does not exist'],
    ["list-boolean-texts.json: /columns/0 must have required property 'falseKey'"],
    ['list-route-params.json: /load operation "guestEpidemic" reads route param "id", which route "/lists/plain" does not have'],
    ['list-host-facts.json: /rowActions/0/enabledWhen/0/field "editabel" is not a property of the item schema response-notice-page'],
    ['list-host-facts.json: /hostFacts "title" is a property of the item schema response-notice-page already'],
  ])('fails on a broken declaration: %s', (expected) => {
    expect(
      problems.some((p) => p.includes(expected)),
      problems.join('\n'),
    ).toBe(true);
  });

  it("lets a row action's condition name a fact the host gives", () => {
    expect(problems.filter((p) => p.includes('list-host-facts.json') && p.includes('"editable"'))).toEqual([]);
  });

  it('lets a list read the route params its own route has', () => {
    expect(problems.filter((p) => p.includes('list-with-route-param.json'))).toEqual([]);
  });

  it('reports the shape errors of a file first (its references are checked once its shape is right)', () => {
    const ofFile = problems.filter((p) => p.includes('reset-password.json'));
    expect(ofFile.length).toBeGreaterThan(0);
    expect(ofFile.some((p) => p.includes('no-such-operation'))).toBe(false);
  });

  it('reads operations, saves, panels and the route params operations read from the code', () => {
    const names = collectCodeNames(defaultOptions.clientDir);
    expect(names.operations).toContain('register');
    expect(names.saves).toContain('saveGuestBasic');
    expect(names.panels).toContain('entourage');
    expect(names.cells).toContain('auditChanges');
    // catalogues live beside their features (src/client/screens/...), the app only spreads them
    expect(names.cells).toContain('guestStatus');
    expect(names.operations).toContain('wishPage');
    expect(names.operationParams.get('saveGuestEpidemic')).toEqual(['id']);
    // an operation reading no params has no entry (it fits any route)
    expect(names.operationParams.has('register')).toBe(false);
  });

  it('counts params named as ignored (`_params`) but still read as taken whole, so the lint refuses them', () => {
    const dir = fs.mkdtempSync(path.join(defaultOptions.clientDir, '..', '..', 'tests', 'codegen', '.code-names-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'probe.ts'),
        'export const probeOperations = {\n  readsIgnored: async (_data: unknown, _params: { id?: string }) => _params.id,\n  ignores: async (_data: unknown, _params: unknown) => 1,\n  destructures: async (_data: unknown, { id }: { id?: string }) => id,\n};\n',
      );
      const names = collectCodeNames(dir);
      expect(names.operationParams.get('readsIgnored')).toBeNull();
      expect(names.operationParams.has('ignores')).toBe(false);
      expect(names.operationParams.get('destructures')).toEqual(['id']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
