/**
 * A string matching a (simple) regular expression, drawn from the seeded Rng: literals,
 * escapes (\d \w \s \uXXXX), classes with ranges, groups, alternation and quantifiers.
 * Enough for the `pattern`s of our schemas; anything else makes it give up (null).
 */
import type { Rng } from './prng.js';

type Node =
  | { kind: 'chars'; ranges: [number, number][] }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

class Unsupported extends Error {}

const DIGIT: [number, number][] = [[48, 57]];
const WORD: [number, number][] = [
  [48, 57],
  [65, 90],
  [97, 122],
  [95, 95],
];

function parse(source: string): Node {
  let i = 0;
  const peek = () => source[i];
  function escape(): [number, number][] {
    const char = source[i++];
    if (char === 'd') return DIGIT;
    if (char === 'w') return WORD;
    if (char === 's') return [[32, 32]];
    if (char === 'u') {
      const code = parseInt(source.slice(i, i + 4), 16);
      i += 4;
      return [[code, code]];
    }
    if (char === undefined || /[DWSbB0-9]/.test(char)) throw new Unsupported(`\\${char}`);
    const code = char.charCodeAt(0);
    return [[code, code]];
  }
  function charClass(): Node {
    if (peek() === '^') throw new Unsupported('negated class');
    const ranges: [number, number][] = [];
    while (i < source.length && peek() !== ']') {
      let start: [number, number][];
      if (peek() === '\\') {
        i += 1;
        start = escape();
      } else {
        const code = source.charCodeAt(i++);
        start = [[code, code]];
      }
      if (peek() === '-' && source[i + 1] !== ']' && start.length === 1 && start[0]![0] === start[0]![1]) {
        i += 1;
        const end = peek() === '\\' ? (i++, escape()) : [[source.charCodeAt(i), source.charCodeAt(i++)] as [number, number]];
        ranges.push([start[0]![0], end[0]![1]]);
      } else {
        ranges.push(...start);
      }
    }
    i += 1; // ]
    return { kind: 'chars', ranges };
  }
  function atom(): Node {
    const char = source[i++];
    if (char === '(') {
      if (peek() === '?') {
        if (source[i + 1] !== ':') throw new Unsupported('lookaround');
        i += 2;
      }
      const inner = alternation();
      i += 1; // )
      return inner;
    }
    if (char === '[') return charClass();
    if (char === '\\') return { kind: 'chars', ranges: escape() };
    if (char === '.') return { kind: 'chars', ranges: [[97, 122]] };
    const code = char!.charCodeAt(0);
    return { kind: 'chars', ranges: [[code, code]] };
  }
  function sequence(): Node {
    const items: Node[] = [];
    while (i < source.length && peek() !== '|' && peek() !== ')') {
      if (peek() === '^' || peek() === '$') {
        i += 1;
        continue;
      }
      let node = atom();
      const q = peek();
      if (q === '?' || q === '*' || q === '+') {
        i += 1;
        node = { kind: 'repeat', node, min: q === '+' ? 1 : 0, max: q === '?' ? 1 : 6 };
      } else if (q === '{') {
        const end = source.indexOf('}', i);
        const [min, max] = source.slice(i + 1, end).split(',');
        i = end + 1;
        node = {
          kind: 'repeat',
          node,
          min: Number(min),
          max: max === undefined ? Number(min) : max === '' ? Number(min) + 6 : Number(max),
        };
      }
      items.push(node);
    }
    return { kind: 'seq', items };
  }
  function alternation(): Node {
    const options = [sequence()];
    while (peek() === '|') {
      i += 1;
      options.push(sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }
  return alternation();
}

function generate(node: Node, rng: Rng): string {
  switch (node.kind) {
    case 'chars': {
      const [low, high] = rng.pick(node.ranges);
      return String.fromCharCode(rng.int(low, Math.min(high, low + 500)));
    }
    case 'seq':
      return node.items.map((item) => generate(item, rng)).join('');
    case 'alt':
      return generate(rng.pick(node.options), rng);
    case 'repeat': {
      let out = '';
      for (let n = rng.int(node.min, node.max); n > 0; n -= 1) out += generate(node.node, rng);
      return out;
    }
  }
}

export function sampleOfPattern(pattern: string, rng: Rng): string | null {
  try {
    const value = generate(parse(pattern), rng);
    return new RegExp(pattern, 'u').test(value) ? value : null;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}
