import { useState, type ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { ContentRecord } from '../../../shared/content-api';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { RecordFormDialog } from './RecordFormDialog';

type Document = Record<string, unknown>;

/** The server calls behind a content list's add, edit and delete (catalogue or unit records). */
export interface RecordCalls {
  add: (document: Document) => Promise<unknown>;
  save: (id: string, document: Document) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

interface RecordEditingOptions {
  /** schema (and form) of the records */
  schemaName: string;
  calls: RecordCalls;
  /** the record's name in the delete confirmation */
  nameOf: (record: ContentRecord) => string;
  /** reloads the list after a change */
  reload: () => void;
}

/**
 * Adding, editing (in the record's form dialog) and deleting (after a confirmation) one record
 * of a content list; the screen places the buttons and renders `dialog`.
 */
export function useRecordEditing({ schemaName, calls, nameOf, reload }: RecordEditingOptions): {
  edit: (record: ContentRecord | null) => void;
  remove: (record: ContentRecord) => Promise<void>;
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

  async function remove(record: ContentRecord) {
    const confirmed = await askConfirm({
      title: t('content.common.deleteTitle'),
      message: t('content.common.deleteMessage', { name: nameOf(record) }),
      confirmLabel: t('content.common.delete'),
      cancelLabel: t('content.common.cancel'),
    });
    if (!confirmed) return;
    await calls.remove(record.id);
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
  return { edit: (record) => setEditing({ record }), remove, dialog };
}
