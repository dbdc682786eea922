import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { listDeclaration } from '../../engine/declaration-catalogue';
import { DeclaredList } from '../../engine/DeclaredList';
import { listFailureMessage } from '../../engine/list-actions';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { forgetBadgeBatch, printBadgeBatch, useBadgeBatchPrinted } from './badge-batch';

/**
 * After the first PDF of a batch that takes several (the list's badge button prints the first),
 * says how many there are and prints the next one.
 */
function NextBadgeBatch() {
  const t = useKeyTranslation();
  const printed = useBadgeBatchPrinted();
  const [busy, setBusy] = useState(false);
  // what the failed print says (the server's refusal, or the list's text)
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => forgetBadgeBatch, []);
  if (!printed || printed.pages <= 1) return null;
  const next = printed.page + 1;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }} data-testid="badge-batch">
      <Typography variant="body2">{t('guest.badges.batchInfo', { pages: printed.pages, cap: printed.cap })}</Typography>
      {next <= printed.pages && (
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          data-testid="badge-batch-next"
          onClick={() => {
            setBusy(true);
            setFailed(null);
            printBadgeBatch(next)
              .catch((error: unknown) => setFailed(listFailureMessage(error)))
              .finally(() => setBusy(false));
          }}
        >
          {t('guest.badges.next', { next, pages: printed.pages })}
        </Button>
      )}
      {failed && <Alert severity="error">{failed}</Alert>}
    </Box>
  );
}

/** /guests: the unit's guests of the current edition, with their status and actions (ui-schemas/screens/guest-list.json). */
export default function GuestListScreen() {
  return (
    <>
      <DeclaredList declaration={listDeclaration('guest-list')} />
      <NextBadgeBatch />
    </>
  );
}
