/**
 * The baseline the suite-mode figures are printed beside: plain ajv 8 (runtime compilation,
 * `new Ajv({ strict: false })`, its defaults otherwise) with ajv-formats, given the same remotes
 * under http://localhost:1234/, on the very same tests in the same run. A schema plain ajv refuses
 * and a validator that throws count as failures, as they would for anyone using it. Plain ajv gets
 * no skip list: a test suite mode skips counts for plain ajv only when it passes it.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { RemoteDocument } from './suite-remotes';
import type { PlannedTest, SuiteFile } from './suite-run';

type Validate = (data: unknown) => boolean;

function compilePlain(schema: unknown, remotes: RemoteDocument[]): Validate | undefined {
  try {
    const ajv = new Ajv({ strict: false, logger: false });
    addFormats(ajv);
    for (const remote of remotes) ajv.addSchema(remote.schema as object, remote.url);
    return ajv.compile(schema as object) as Validate;
  } catch {
    return undefined;
  }
}

/** Whether plain ajv answers each planned test as the suite says, in plan order. */
export function plainAjvPasses(tests: PlannedTest[], files: SuiteFile[], remotes: RemoteDocument[]): boolean[] {
  const schemas = new Map<string, unknown>(
    files.flatMap(({ file, groups }) => groups.map((group, i): [string, unknown] => [`${file}#${i}`, group.schema])),
  );
  const compiled = new Map<string, Validate | undefined>();
  return tests.map((test) => {
    const key = `${test.file}#${test.groupIndex}`;
    if (!compiled.has(key)) compiled.set(key, compilePlain(schemas.get(key), remotes));
    const validate = compiled.get(key);
    try {
      return validate !== undefined && validate(test.data) === test.valid;
    } catch {
      return false;
    }
  });
}
