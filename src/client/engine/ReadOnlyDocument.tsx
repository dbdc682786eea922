import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../util/date-format';
import { loadCurrentFormAssets } from './live-forms';
import { resolveLocalRef, translatedUiSchema } from './ui-schema-i18n';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { looksMasked, type SensitiveField, type SensitiveKind } from '../../shared/sensitive-fields';
import { sensitiveFieldsOfForm } from './masked-values';
import { RevealableValue } from './RevealableValue';
import { StoredPicture } from './StoredPicture';

type Data = Record<string, unknown>;
type Node = RJSFSchema & { 'x-upload'?: { accept?: unknown } };

interface Row {
  path: string;
  label: string;
  value: string;
  depth: number;
  /** stored pictures of the field (a photo, a business card), shown as pictures */
  pictures?: string[];
}

/** Labels, then values: the label column as wide as its labels, up to 40% of the list. */
export const READ_ONLY_COLUMNS = 'fit-content(40%) minmax(0, 1fr)';

/** A file field whose files are all pictures (its x-upload accepts images only), by its own node or its items'. */
function isPictureField(node: Node): boolean {
  const upload = node['x-upload'] ?? (node.items as Node | undefined)?.['x-upload'];
  const accept = upload?.accept;
  return Array.isArray(accept) && accept.length > 0 && accept.every((type) => typeof type === 'string' && type.startsWith('image/'));
}

/** Value as a person reads it: enum labels, yes/no, "uploaded" for file references. */
function display(value: unknown, node: Node, ui: UiSchema, t: (key: string) => string): string {
  if (typeof value === 'boolean') return value ? t('readOnly.yes') : t('readOnly.no');
  if (node['x-upload'] || (node.allOf as Node[] | undefined)?.some((part) => part.$ref?.endsWith('/fileRef')))
    return t('readOnly.fileUploaded');
  // stored as UTC ISO strings, shown in Asia/Shanghai (DESIGN.md)
  if (node.format === 'date-time' && typeof value === 'string') {
    const shown = formatDateTime(value);
    return shown ? `${shown} (${t('client.timeZone.shanghai')})` : value;
  }
  const enumValues = node.enum;
  const names = ui['ui:enumNames'] as string[] | undefined;
  if (Array.isArray(enumValues) && names) {
    const position = enumValues.indexOf(value as never);
    if (position >= 0 && names[position]) return names[position];
  }
  return String(value);
}

function rowsOf(
  data: unknown,
  schema: Node,
  ui: UiSchema,
  root: RJSFSchema,
  t: (key: string) => string,
  path: string,
  depth: number,
): Row[] {
  const node = resolveLocalRef(schema as never, root) as Node;
  const label = String(ui['ui:title'] ?? '');
  if (data === undefined || data === null || data === '') return [];
  if (isPictureField(node)) {
    const pictures = (Array.isArray(data) ? data : [data]).filter((id): id is string => typeof id === 'string' && id !== '');
    return pictures.length > 0 ? [{ path, label, value: t('readOnly.fileUploaded'), depth, pictures }] : [];
  }
  if (Array.isArray(data)) {
    const items = (node.items ?? {}) as Node;
    const itemUi = (ui.items ?? {}) as UiSchema;
    return [
      { path, label, value: '', depth },
      ...data.flatMap((item, index) =>
        rowsOf(item, items, { ...itemUi, 'ui:title': `${index + 1}` }, root, t, `${path}/${index}`, depth + 1),
      ),
    ];
  }
  if (typeof data === 'object' && node.properties) {
    const children = Object.entries(node.properties).flatMap(([name, child]) =>
      rowsOf((data as Data)[name], child as Node, (ui[name] ?? {}) as UiSchema, root, t, `${path}/${name}`, depth + 1),
    );
    return depth < 0 ? children : [{ path, label, value: '', depth }, ...children];
  }
  return [{ path, label, value: display(data, node, ui, t), depth }];
}

/** The kind of the marked field a row shows, matching list positions to the field's `*`. */
function markedKindAt(fields: readonly SensitiveField[], rowPath: string): SensitiveKind | undefined {
  const segments = rowPath.slice(1).split('/');
  return fields.find(
    ({ path }) =>
      path.length === segments.length && path.every((key, at) => (key === '*' ? /^[0-9]+$/.test(segments[at]!) : key === segments[at])),
  )?.kind;
}

/**
 * A saved document shown read-only with the schema's translated labels (detail views, reception).
 * `reveal`: where the caller may see a masked x-sensitive field in full, each such top-level
 * field gets a "Show" button that asks the server for it (audited there). `revealAt` does the
 * same for any marked field, nested or in a list, by its pointer in this document
 * (a reception's /stations/0/receptionistPhone).
 */
export function ReadOnlyDocument({
  schemaName,
  data,
  hidden = [],
  reveal,
  revealAt,
}: {
  schemaName: string;
  data: Data;
  hidden?: string[];
  reveal?: (kind: SensitiveKind) => Promise<string>;
  revealAt?: (pointer: string, kind: SensitiveKind) => Promise<string>;
}) {
  const t = useKeyTranslation();
  const [schema, setSchema] = useState<RJSFSchema | null>(null);
  useEffect(() => {
    let live = true;
    void loadCurrentFormAssets(schemaName).then((assets) => live && setSchema(assets.schema));
    return () => {
      live = false;
    };
  }, [schemaName]);
  if (!schema) return <CircularProgress aria-label={t('common.loading')} />;
  const ui = translatedUiSchema(schema);
  const visible = Object.fromEntries(Object.entries(data).filter(([key]) => !hidden.includes(key)));
  const rows = rowsOf(visible, schema as Node, ui, schema, t, '', -1);
  // top-level marked fields only: the show routes name a field of the document itself
  const revealable = new Map(
    sensitiveFieldsOfForm(schema)
      .filter(({ path }) => path.length === 1)
      .map(({ path, kind }) => [`/${path[0]}`, kind]),
  );
  const revealerOf = (rowPath: string): (() => Promise<string>) | null => {
    const top = revealable.get(rowPath);
    if (reveal && top) return () => reveal(top);
    const kind = revealAt ? markedKindAt(sensitiveFieldsOfForm(schema), rowPath) : undefined;
    return revealAt && kind ? () => revealAt(rowPath, kind) : null;
  };
  return (
    // the label column takes at most 40% of the width, so a long label (a consent's whole text)
    // wraps instead of squeezing the values to a character per line
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: READ_ONLY_COLUMNS, columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map((row) =>
        row.value === '' ? (
          <Box key={row.path} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ gridColumn: '1 / -1', fontWeight: 600, mt: 1, pl: row.depth * 2 }}>
              {row.label}
            </Typography>
            <Box component="dd" sx={{ display: 'none' }} />
          </Box>
        ) : (
          <Box key={row.path} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ pl: row.depth * 2, overflowWrap: 'anywhere' }}>
              {row.label}
            </Typography>
            {row.pictures ? (
              <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }} data-field={row.path}>
                {row.pictures.map((id) => (
                  <StoredPicture key={id} fileId={id} label={row.label} />
                ))}
              </Box>
            ) : revealerOf(row.path) && looksMasked(row.value) ? (
              <RevealableValue masked={row.value} label={row.label} path={row.path} reveal={revealerOf(row.path)!} />
            ) : (
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }} data-field={row.path}>
                {row.value}
              </Typography>
            )}
          </Box>
        ),
      )}
    </Box>
  );
}
