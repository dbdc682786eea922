/**
 * Reading the JSON files people edit (schemas, UI schemas, screen declarations, locales, demo
 * data). A syntax error is named by file, line and column, with the line and a caret under the
 * spot, and what to do; V8's own message gives a character offset or a cut snippet. The location
 * comes from esbuild's JSON parser (strict JSON, with named mistakes such as trailing commas and
 * comments), asked only once JSON.parse has refused the text.
 */
import fs from 'node:fs';
import { transformSync, type Message } from 'esbuild';

/** A file that is not JSON: `message` is the whole problem, several lines (the line and its caret). */
export class JsonSyntaxError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const ADVICE: [RegExp, string][] = [
  [/trailing comma/i, 'Remove the comma after the last entry: JSON allows none before } or ]'],
  [/comments/i, 'Remove the comment: JSON has none (a schema may say it in "$comment" or "description")'],
  [/double quotes/i, 'Write every name and text in double quotes "..."'],
  [/^Expected "," /, 'Add the comma missing between this entry and the one before it'],
  [/^Expected ":" /, 'Put a colon between the name and its value'],
  [/end of file in JSON but found/i, 'Remove what follows the last closing bracket (an extra } or ], or a second value)'],
  [/Unexpected end of file/i, 'The file ends early: close every {, [ and " that is opened'],
];
/** Characters a terminal shows two columns wide (East Asian wide and full-width forms). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const GENERAL_ADVICE = 'Correct the syntax there (a missing comma, quote or bracket, or one too many)';

/** Where esbuild's strict JSON parser stops, in lines and characters; undefined when it accepts the text. */
function syntaxErrorOf(text: string): { line: number; column: number; lineText: string; what: string } | undefined {
  try {
    transformSync(text, { loader: 'json', logLevel: 'silent' });
    return undefined;
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first?.location) return undefined;
    const { line, column, lineText } = first.location;
    // esbuild counts the column in UTF-8 bytes; people count characters
    const characters = Buffer.from(lineText, 'utf8').subarray(0, column).toString('utf8').length;
    return { line, column: characters + 1, lineText, what: first.text };
  }
}

/** The problem for a text JSON.parse refused: `file#: not valid JSON at line L, column C (what). What to do`, the line, a caret. */
export function jsonSyntaxProblem(text: string, file: string, parseError: unknown): string {
  const found = syntaxErrorOf(text);
  if (!found) return `${file}#: not valid JSON (${(parseError as Error).message}). ${GENERAL_ADVICE}`;
  const advice = ADVICE.find(([pattern]) => pattern.test(found.what))?.[1] ?? GENERAL_ADVICE;
  const number = String(found.line);
  const gutter = ' '.repeat(number.length);
  // keep the line's tabs, and two columns for a wide (CJK) character, so the caret lines up in a terminal
  const pad = [...found.lineText.slice(0, found.column - 1)].map((c) => (c === '\t' ? c : WIDE.test(c) ? '  ' : ' ')).join('');
  return [
    `${file}#: not valid JSON at line ${found.line}, column ${found.column} (${found.what}). ${advice}`,
    `      ${number} | ${found.lineText}`,
    `      ${gutter} | ${pad}^`,
  ].join('\n');
}

/** Parses a file's text; throws JsonSyntaxError naming `file` (as people know it, e.g. `schemas/guest.json`). */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new JsonSyntaxError([jsonSyntaxProblem(text, file, error)]);
  }
}

export function readJsonFile(absolutePath: string, file: string): unknown {
  return parseJsonText(fs.readFileSync(absolutePath, 'utf8'), file);
}
