import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import type { TemporaryCodeItem } from '../../../shared/temporary-api';
import { temporaryApi } from '../../api/temporary-endpoints';
import { WizardStepForm } from '../../engine/wizard/WizardStepForm';
import { askConfirm, showToast } from '../../feedback/feedback-store';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/**
 * The codes visitors type on the temporary-registration pages: each binds an event and an
 * attendance mode (the temporary-code form); discarding the event makes later registrations
 * with the code answer "event discarded".
 */
export function TemporaryCodesPanel() {
  const t = useKeyTranslation();
  const [codes, setCodes] = useState<TemporaryCodeItem[] | null>(null);
  const [formKey, setFormKey] = useState(0);
  const load = useCallback(() => {
    temporaryApi.codes().then(setCodes, () => setCodes([]));
  }, []);
  useEffect(load, [load]);

  async function discard(code: string) {
    const confirmed = await askConfirm({
      title: t('temporary.codes.discard'),
      message: t('temporary.codes.discardConfirm', { code }),
      confirmLabel: t('temporary.codes.discard'),
      cancelLabel: t('temporary.review.cancel'),
    });
    if (!confirmed) return;
    await temporaryApi.discardCode(code);
    load();
  }

  const none = t('temporary.codes.none');
  return (
    <Box sx={{ mt: 4 }} data-testid="temporary-codes">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('temporary.codes.title')}
      </Typography>
      {codes && codes.length === 0 && <Typography>{t('temporary.codes.empty')}</Typography>}
      {codes && codes.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('temporary.codes.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('schema.fields.inviteCode')}</TableCell>
                <TableCell>{t('temporary.fields.eventName')}</TableCell>
                <TableCell>{t('temporary.fields.attendanceMode')}</TableCell>
                <TableCell>{t('schema.fields.registrationType')}</TableCell>
                <TableCell>{t('temporary.codes.used')}</TableCell>
                <TableCell>{t('temporary.review.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {codes.map((code) => (
                <TableRow key={code.code} data-testid="temporary-code-row">
                  <TableCell>{code.code}</TableCell>
                  <TableCell>{code.eventName ?? none}</TableCell>
                  <TableCell>{code.attendanceMode ? t(`temporary.attendanceMode.${code.attendanceMode}`) : none}</TableCell>
                  <TableCell>{code.registrationType ? t(`schema.enums.registrationType.${code.registrationType}`) : t('temporary.codes.anyType')}</TableCell>
                  <TableCell>{code.used}</TableCell>
                  <TableCell>
                    {code.eventDiscarded ? (
                      t('temporary.codes.discarded')
                    ) : (
                      <Button size="small" color="error" onClick={() => void discard(code.code)} data-testid="temporary-code-discard">
                        {t('temporary.codes.discard')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ mt: 2, maxWidth: 640 }}>
        <WizardStepForm
          key={formKey}
          formId="temporary-code-form"
          schemaName="temporary-code"
          initial={{}}
          readOnly={false}
          onDraft={() => {}}
          onSubmit={async (data) => {
            await temporaryApi.createCode(data);
            showToast(t('temporary.codes.created'), 'success', ERROR_TOAST_MS);
            setFormKey((key) => key + 1);
            load();
          }}
        >
          <Button type="submit" variant="outlined" sx={{ mt: 1 }} data-testid="temporary-code-create">
            {t('temporary.codes.create')}
          </Button>
        </WizardStepForm>
      </Box>
    </Box>
  );
}
