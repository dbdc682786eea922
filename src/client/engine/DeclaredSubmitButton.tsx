import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { UploadAwareButton } from './uploads/UploadAwareButton';

/** The submit button of a declared form (RJSF or lean), held while its submission runs. */
export function DeclaredSubmitButton({ labelKey, busy }: { labelKey: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <UploadAwareButton type="submit" variant="contained" fullWidth disabled={busy} data-testid="submit">
        {t(labelKey)}
      </UploadAwareButton>
    </Box>
  );
}
