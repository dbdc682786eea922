/**
 * Writes JSON the way a hand-kept file already lays it out. The repository's schemas, UI schemas
 * and locales are 2-space JSON with a trailing newline, but many keep short objects and arrays on
 * one line (`"ui:order": ["a", "b", "*"]`, `"allOf": [{ "$ref": "..." }]`). Rewriting a whole file
 * with JSON.stringify would turn every such line into a block and bury the real change in the
 * diff. So: a value equal to what the file had at the same place is copied verbatim; a changed
 * object or array keeps the layout it had (one line or a block); a new one takes the layout most
 * of its siblings of the same kind have, else a block. Key order is the new value's.
 */

interface LayoutNode {
  kind: 'object' | 'array' | 'scalar';
  /** the node's source text, as the file has it */
  text: string;
  /** on one line in the file */
  inline: boolean;
  props?: Map<string, LayoutNode>;
  items?: LayoutNode[];
}

/** The layout of a JSON text (which must be valid JSON: parse it with JSON.parse first). */
export function parseLayout(text: string): LayoutNode {
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const string = (): string => {
    const start = at++;
    while (text[at] !== '"') {
      if (text[at] === '\\') at++;
      at++;
      if (at >= text.length) throw new Error('unterminated string');
    }
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const node = (kind: LayoutNode['kind'], start: number, extra: Partial<LayoutNode> = {}): LayoutNode => {
    const source = text.slice(start, at);
    return { kind, text: source, inline: !source.includes('\n'), ...extra };
  };
  const expect = (char: string) => {
    space();
    if (text[at] !== char) throw new Error(`expected ${char} at ${at}`);
    at++;
  };
  const value = (): LayoutNode => {
    space();
    const start = at;
    if (text[at] === '{') {
      at++;
      const props = new Map<string, LayoutNode>();
      space();
      if (text[at] === '}') at++;
      else
        for (;;) {
          space();
          const key = string();
          expect(':');
          props.set(key, value());
          space();
          if (text[at++] === '}') break;
        }
      return node('object', start, { props });
    }
    if (text[at] === '[') {
      at++;
      const items: LayoutNode[] = [];
      space();
      if (text[at] === ']') at++;
      else
        for (;;) {
          items.push(value());
          space();
          if (text[at++] === ']') break;
        }
      return node('array', start, { items });
    }
    if (text[at] === '"') {
      string();
      return node('scalar', start);
    }
    while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at++;
    return node('scalar', start);
  };
  return value();
}

function kindOf(value: unknown): LayoutNode['kind'] {
  if (Array.isArray(value)) return 'array';
  return value !== null && typeof value === 'object' ? 'object' : 'scalar';
}

/** One line: `{ "a": 1, "b": ["x", "y"] }`. */
function inlineText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inlineText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, child]) => `${JSON.stringify(key)}: ${inlineText(child)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A new value's layout: that of most of its siblings of the same kind, else a block. */
function siblingsInline(siblings: LayoutNode[], value: unknown): boolean {
  const kind = kindOf(value);
  if (kind === 'scalar') return false;
  const same = siblings.filter((sibling) => sibling.kind === kind);
  return same.length > 0 && same.filter((sibling) => sibling.inline).length * 2 > same.length;
}

function render(value: unknown, original: LayoutNode | undefined, depth: number, inlineByDefault: boolean): string {
  if (original && JSON.stringify(JSON.parse(original.text)) === JSON.stringify(value)) return original.text;
  const kind = kindOf(value);
  if (kind === 'scalar') return JSON.stringify(value);
  const inline = original && original.kind === kind ? original.inline : inlineByDefault;
  if (inline) return inlineText(value);
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = original?.kind === 'array' ? original.items! : [];
    const lines = value.map((item, index) => `${pad}${render(item, items[index], depth + 1, siblingsInline(items, item))}`);
    return `[\n${lines.join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const props = original?.kind === 'object' ? original.props! : new Map<string, LayoutNode>();
  const siblings = [...props.values()];
  const lines = entries.map(
    ([key, child]) => `${pad}${JSON.stringify(key)}: ${render(child, props.get(key), depth + 1, siblingsInline(siblings, child))}`,
  );
  return `{\n${lines.join(',\n')}\n${close}}`;
}

/** `value` as a file's text, laid out like `previous` (the file's current text, if any); trailing newline. */
export function layOutLike(value: unknown, previous: string | undefined): string {
  const original = previous === undefined ? undefined : parseLayout(previous);
  return `${render(value, original, 0, false)}\n`;
}
