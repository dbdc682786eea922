import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { ContentKind, ContentRecord } from '../../../shared/content-api';
import type { SensitiveKind } from '../../../shared/sensitive-fields';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { useListHost } from '../../engine/use-list-host';
import { useUrlFilters, type UrlFilters } from '../../engine/use-url-filters';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ImportDialog } from './ImportDialog';
import { RecordDetailDialog } from './RecordDetailDialog';
import { SearchBar } from './SearchBar';
import { useRecordEditing, type RecordCalls } from './use-record-editing';

export interface ContentRecordsConfig {
  kind: ContentKind;
  /** the declared list (ui-schemas/screens/<list>.json): columns, row and toolbar actions */
  list: string;
  /** add and save of the record form dialog */
  calls: RecordCalls;
  /** the document field that names a record (the detail dialog's title) */
  nameField: string;
  /** i18n key of a text above the search */
  intro?: string;
  /** filter fields besides the keyword, kept in the URL with it */
  filterFields?: string[];
  /** the audited "show" of a masked value, where the caller's role may see it (absent: no Show button) */
  reveal?: (id: string, kind: SensitiveKind) => Promise<string>;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A content list (catalogues: historical guests, investment projects; a unit's own records:
 * vehicles, unofficial-activity guests): keyword search in the URL, the declared list, and the
 * dialogs its actions open (detail, add and edit form, Excel import).
 */
export function ContentRecordsScreen({
  config,
  filter,
}: {
  config: ContentRecordsConfig;
  filter?: (filters: UrlFilters, setFilters: (next: UrlFilters) => void) => ReactNode;
}) {
  const t = useKeyTranslation();
  const [filters, setFilters] = useUrlFilters(['keyword', ...(config.filterFields ?? [])]);
  const [importing, setImporting] = useState(false);
  const [viewing, setViewing] = useState<ContentRecord | null>(null);
  const { host, reload } = useListHost({
    embedded: true,
    filters,
    // `edit` is read when an action is pressed, after this render has defined it
    onEvent: (event, row) => {
      const record = row as unknown as ContentRecord | null;
      if (event === 'view') setViewing(record);
      else if (event === 'import') setImporting(true);
      else edit(event === 'edit' ? record : null);
    },
  });
  const { edit, dialog } = useRecordEditing({ schemaName: config.kind, calls: config.calls, reload });

  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      {config.intro && <Typography sx={{ mb: 2 }}>{t(config.intro)}</Typography>}
      <SearchBar initial={filters.keyword} onSearch={(keyword) => setFilters({ ...filters, keyword })}>
        {filter?.(filters, setFilters)}
      </SearchBar>
      <DeclaredList declaration={listDeclaration(config.list)} host={host} />
      {dialog}
      {viewing && (
        // pictures are file ids: the read view leaves them out rather than show a bare id
        <RecordDetailDialog
          title={text(viewing.document[config.nameField])}
          schemaName={config.kind}
          data={viewing.document}
          hidden={['photo', 'businessCard']}
          reveal={config.reveal && ((kind) => config.reveal!(viewing.id, kind))}
          onClose={() => setViewing(null)}
        />
      )}
      {importing && config.kind !== 'vehicle' && config.kind !== 'unofficial-guest' && (
        <ImportDialog kind={config.kind} onClose={() => setImporting(false)} onImported={reload} />
      )}
    </Paper>
  );
}
