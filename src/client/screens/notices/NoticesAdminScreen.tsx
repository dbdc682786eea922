import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { UnitChoice } from '../../../shared/console-api';
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
 * beside it), keep it as a draft, and publish it to everyone or to the chosen account types
 * and units. Published notices are final.
 */
export default function NoticesAdminScreen() {
  const t = useKeyTranslation();
  const [units, setUnits] = useState<UnitChoice[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { host, reload } = useListHost();

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ConsoleSection name="notice-write" titleKey="console.notices.write" maxWidth={760}>
        <SchemaForm
          key={formKey}
          formId="notice-publication-form"
          schemaName="notice-publication"
          // title and content start absent, not '': an empty field is "required", not "too short"
          initial={{ audiences: [], unitIds: [] }}
          onSubmit={async (data) => {
            await consoleApi.createNotice({ ...data, audiences: data.audiences ?? [], unitIds: units.map((unit) => unit.id) });
            showToast(t('console.notices.saved'), 'success', ERROR_TOAST_MS);
            setUnits([]);
            setFormKey((key) => key + 1);
            reload();
          }}
        >
          <Box sx={{ mt: 1 }}>
            <UnitPicker multiple label={t('console.schema.fields.units')} value={units} onChange={setUnits} testId="notice-units" />
          </Box>
          <Button type="submit" variant="contained" sx={{ mt: 2 }} data-testid="notice-save">
            {t('console.notices.saveDraft')}
          </Button>
        </SchemaForm>
      </ConsoleSection>
      <DeclaredListSection list="notices-admin" host={host} />
    </Box>
  );
}
