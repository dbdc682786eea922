import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { UnitChoice } from '../../../shared/console-api';
import { consoleApi } from '../../api/console-endpoints';
import { DeclaredListSection } from '../../engine/DeclaredListSection';
import { useListHost } from '../../engine/use-list-host';
import { SchemaForm } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { ConsoleSection } from '../../layout/ConsoleSection';
import { UnitPicker } from '../units/UnitPicker';

/**
 * /admin/codes: invitation codes. A batch is bound to one company (picked here, like the review
 * queue's selection) and a guest type with its review rule (the invitation-code-batch form);
 * the declared list (ui-schemas/screens/invitation-codes.json) shows usage, expiry and state, and revokes.
 */
export default function InvitationCodesScreen() {
  const t = useKeyTranslation();
  const [company, setCompany] = useState<UnitChoice[]>([]);
  const [created, setCreated] = useState<string[]>([]);
  const [formKey, setFormKey] = useState(0);
  const { host, reload } = useListHost();

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ConsoleSection name="codes-create" titleKey="console.codes.create" maxWidth={720}>
        <UnitPicker label={t('console.schema.fields.company')} value={company} onChange={setCompany} testId="codes-company" />
        <SchemaForm
          key={`${formKey}:${company[0]?.id ?? ''}`}
          formId="invitation-code-batch-form"
          schemaName="invitation-code-batch"
          initial={{ count: 10, guestType: 'general', reviewRequired: true, companyId: company[0]?.id ?? '' }}
          onSubmit={async (data) => {
            // the company comes from the picker; the server answers 404 for an unknown one
            const codes = await consoleApi.createCodes({ ...data, companyId: company[0]?.id ?? '' });
            setCreated(codes);
            setFormKey((key) => key + 1);
            reload();
          }}
        >
          <Button type="submit" variant="contained" sx={{ mt: 1 }} data-testid="codes-submit" disabled={company.length === 0}>
            {t('console.codes.submit')}
          </Button>
        </SchemaForm>
        {created.length > 0 && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="codes-created">
            {t('console.codes.created', { count: created.length })}
            <Box component="pre" sx={{ m: 0, mt: 1, fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>
              {created.join('\n')}
            </Box>
          </Alert>
        )}
      </ConsoleSection>
      <DeclaredListSection list="invitation-codes" host={host} />
    </Box>
  );
}
