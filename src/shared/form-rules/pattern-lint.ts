/**
 * Every `pattern` and `patternProperties` key must compile as ajv compiles it (a JavaScript
 * regular expression with the `u` flag); otherwise ajv stops codegen with a stack trace.
 */
import { problem } from './problem.js';
import type { JsonSchema } from './bundle.js';
import { walkSchema } from './walk-schema.js';

function regexError(source: string): string | null {
  try {
    new RegExp(source, 'u');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const FIX = 'Correct the regular expression (JavaScript syntax, u flag; in JSON a backslash is written \\\\)';

export function lintPatterns(file: string, schema: JsonSchema): string[] {
  const problems: string[] = [];
  walkSchema(schema, (sub, pointer) => {
    if (sub.pattern !== undefined) {
      const error = typeof sub.pattern === 'string' ? regexError(sub.pattern) : 'not a string';
      if (error)
        problems.push(problem(file, `${pointer}/pattern`, `invalid regular expression ${JSON.stringify(sub.pattern)} (${error})`, FIX));
    }
    const patternProperties = sub.patternProperties;
    if (patternProperties && typeof patternProperties === 'object') {
      for (const key of Object.keys(patternProperties)) {
        const error = regexError(key);
        if (error)
          problems.push(problem(file, `${pointer}/patternProperties`, `invalid regular expression ${JSON.stringify(key)} (${error})`, FIX));
      }
    }
  });
  return problems;
}
