/**
 * screen-types.ts / wizard-types.ts (what the client runs declarations as) and
 * screen-declaration.schema.json (what codegen checks declarations against) describe the same
 * declarations: a field added to one side only fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareDeclarationShapes, type ShapePair } from '../../codegen/declaration-shape-check.js';
import { projectRoot } from '../../codegen/pipeline.js';

const schema = JSON.parse(fs.readFileSync(path.join(projectRoot, 'codegen/screen-declaration.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;
const screenTypes = path.join(projectRoot, 'src/client/engine/screen-types.ts');
const wizardTypes = path.join(projectRoot, 'src/client/engine/wizard/wizard-types.ts');
const declarationRequired = ['id', 'kind', 'titleKey'];

function pairs(screenFile: string): ShapePair[] {
  return [
    { file: screenFile, typeName: 'FormDeclaration', pointer: '/definitions/form', alsoRequired: declarationRequired },
    { file: screenFile, typeName: 'TabsDeclaration', pointer: '/definitions/tabs', alsoRequired: declarationRequired },
    { file: screenFile, typeName: 'SuccessBehaviour', pointer: '/definitions/form/properties/success' },
    { file: screenFile, typeName: 'ListDeclaration', pointer: '/definitions/list', alsoRequired: declarationRequired },
    { file: screenFile, typeName: 'ListColumn', pointer: '/definitions/listColumn' },
    { file: wizardTypes, typeName: 'WizardDeclaration', pointer: '/definitions/wizard', alsoRequired: declarationRequired },
    { file: wizardTypes, typeName: 'WizardStepDeclaration', pointer: '/definitions/wizardStep' },
  ];
}

describe('declaration TS shapes match the declaration schema', () => {
  it('finds the shipped interfaces and schema in step', () => {
    expect(compareDeclarationShapes(schema, pairs(screenTypes))).toEqual([]);
  }, 30_000);

  it('names a field, a requiredness and a value that differ', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shapes-'));
    try {
      const copy = path.join(dir, 'screen-types.ts');
      const text = fs
        .readFileSync(screenTypes, 'utf8')
        .replace('  submitLabelKey: string;', '  submitLabelKey: string;\n  resetLabelKey?: string;')
        .replace('  uiSchema?: string;', '  uiSchema: string;')
        .replace("action: 'signIn' | 'logout' | 'navigate' | 'stay';", "action: 'signIn' | 'logout' | 'navigate';");
      fs.writeFileSync(copy, text);
      const problems = compareDeclarationShapes(schema, pairs(copy));
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/FormDeclaration .*"resetLabelKey" is in the interface, not in the schema/),
          expect.stringMatching(/FormDeclaration .*"uiSchema" is required in the interface, optional in the schema/),
          expect.stringMatching(
            /SuccessBehaviour .*"action" is logout\|navigate\|signIn in the interface, logout\|navigate\|signIn\|stay in the schema/,
          ),
        ]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
