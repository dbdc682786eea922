import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { NoticePublicationItem, UnitChoice } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { DeclaredListSection } from '../../engine/DeclaredListSection';
import { useListHost } from '../../engine/use-list-host';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ConsoleSection } from '../../layout/ConsoleSection';
import { UnitPicker } from '../units/UnitPicker';

/**
 * /admin/notices: organisers write a notice (the notice-publication form; units are picked
 * beside it), keep it as a draft, change the draft (the list's edit opens it in the same form),
 * and publish it to everyone or to the chosen account types and units. Published notices are final.
 */
export default function NoticesAdminScreen() {
  const t = useKeyTranslation();
  const [units, setUnits] = useState<UnitChoice[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<NoticePublicationItem | null>(null);
  const startOver = (draft: NoticePublicationItem | null) => {
    setEditing(draft);
    setUnits(draft ? draft.units : []);
    setFormKey((key) => key + 1);
  };
  const { host, reload } = useListHost({
    onEvent: (event, row) => {
      if (event === 'edit' && row) startOver(row as unknown as NoticePublicationItem);
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ConsoleSection name="notice-write" titleKey={editing ? 'console.notices.editDraft' : 'console.notices.write'} maxWidth={760}>
        <SchemaForm
          key={formKey}
          formId="notice-publication-form"
          // the list below has a filter bar of its own (root_title): the two forms keep distinct ids
          idPrefix="notice"
          schemaName="notice-publication"
          // title and content start absent, not '': an empty field is "required", not "too short"
          initial={
            editing
              ? { title: editing.title, content: editing.content, audiences: editing.audiences, unitIds: editing.unitIds }
              : { audiences: [], unitIds: [] }
          }
          onSubmit={async (data) => {
            const notice = { ...data, audiences: data.audiences ?? [], unitIds: units.map((unit) => unit.id) };
            if (editing) await consoleApi.saveNotice(editing.id, notice);
            else await consoleApi.createNotice(notice);
            showToast(t('console.notices.saved'), 'success', ERROR_TOAST_MS);
            startOver(null);
            reload();
          }}
        >
          <Box sx={{ mt: 1 }}>
            <UnitPicker multiple label={t('console.schema.fields.units')} value={units} onChange={setUnits} testId="notice-units" />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
            <Button type="submit" variant="contained" data-testid="notice-save">
              {t('console.notices.saveDraft')}
            </Button>
            {editing && (
              <Button type="button" onClick={() => startOver(null)} data-testid="notice-edit-cancel">
                {t('console.notices.cancelEdit')}
              </Button>
            )}
          </Box>
        </SchemaForm>
      </ConsoleSection>
      <DeclaredListSection list="notices-admin" host={host} />
    </Box>
  );
}
