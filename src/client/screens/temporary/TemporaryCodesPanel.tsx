import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { temporaryApi } from '../../api/temporary-endpoints';
import { DeclaredListSection } from '../../engine/DeclaredListSection';
import { useListHost } from '../../engine/use-list-host';
import { SchemaForm } from '../../engine/SchemaForm';
import { showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * The codes visitors type on the temporary-registration pages: each binds an event and an
 * attendance mode (the temporary-code form); discarding the event makes later registrations
 * with the code answer "event discarded".
 */
export function TemporaryCodesPanel() {
  const t = useKeyTranslation();
  const [formKey, setFormKey] = useState(0);
  const { host, reload } = useListHost({ embedded: true });

  return (
    <Box sx={{ mt: 4 }} data-testid="temporary-codes">
      <DeclaredListSection list="temporary-codes" host={host} />
      <Box sx={{ mt: 2, maxWidth: 640 }}>
        <SchemaForm
          key={formKey}
          formId="temporary-code-form"
          schemaName="temporary-code"
          initial={{}}
          onSubmit={async (data) => {
            await temporaryApi.createCode(data);
            showToast(t('temporary.codes.created'), 'success', ERROR_TOAST_MS);
            setFormKey((key) => key + 1);
            reload();
          }}
        >
          <Button type="submit" variant="outlined" sx={{ mt: 1 }} data-testid="temporary-code-create">
            {t('temporary.codes.create')}
          </Button>
        </SchemaForm>
      </Box>
    </Box>
  );
}
