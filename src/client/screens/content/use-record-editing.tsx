import { useCallback, useState, type ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { ContentRecord } from '../../../shared/content-api';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { RecordFormDialog } from './RecordFormDialog';

type Document = Record<string, unknown>;

/** The server calls behind a content list's add and edit (catalogue or unit records); delete is a declared row action. */
export interface RecordCalls {
  add: (document: Document) => Promise<unknown>;
  save: (id: string, document: Document) => Promise<unknown>;
}

interface RecordEditingOptions {
  /** schema (and form) of the records */
  schemaName: string;
  calls: RecordCalls;
  /** reloads the list after a change */
  reload: () => void;
}

/**
 * Adding and editing one record of a content list in the record's form dialog; the screen
 * opens it (`edit`) and renders `dialog`.
 */
export function useRecordEditing({ schemaName, calls, reload }: RecordEditingOptions): {
  edit: (record: ContentRecord | null) => void;
  dialog: ReactNode;
} {
  const t = useKeyTranslation();
  const [editing, setEditing] = useState<{ record: ContentRecord | null } | null>(null);

  async function save(data: Document) {
    if (editing?.record) await calls.save(editing.record.id, data);
    else await calls.add(data);
    showToast(t('content.common.saved'), 'success', ERROR_TOAST_MS);
    setEditing(null);
    reload();
  }

  const dialog = editing && (
    <RecordFormDialog
      title={t(editing.record ? 'content.common.edit' : 'content.common.add')}
      schemaName={schemaName}
      initial={editing.record?.document ?? {}}
      onSubmit={save}
      onClose={() => setEditing(null)}
    />
  );
  const edit = useCallback((record: ContentRecord | null) => setEditing({ record }), []);
  return { edit, dialog };
}
