import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { RecordUpgradeData } from '../../shared/record-upgrade-api';
import { useKeyTranslation } from '../i18n/use-key-translation';
import { droppedLabel, droppedValue } from './record-upgrade';

/**
 * The note over a form that opened a record saved under an older schema version: the fields the
 * current version no longer has (label and the value that will not be saved again) and how many
 * fields are flagged below. Nothing disappears unseen.
 */
export function RecordUpgradeNotice({ upgrade }: { upgrade: RecordUpgradeData | null | undefined }) {
  const t = useKeyTranslation();
  if (!upgrade) return null;
  const { dropped, problems } = upgrade;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="record-upgrade-notice">
      <AlertTitle>{t('upgrade.notice.title')}</AlertTitle>
      {upgrade.fromVersion < upgrade.toVersion
        ? t('upgrade.notice.intro', { from: upgrade.fromVersion, to: upgrade.toVersion })
        : t('upgrade.notice.introSameVersion', { to: upgrade.toVersion })}
      {dropped.length > 0 && (
        <>
          <Box component="p" sx={{ mt: 1, mb: 0.5 }}>
            {t('upgrade.notice.dropped', { count: dropped.length })}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="record-upgrade-dropped">
            {dropped.map((field) => (
              <li key={field.pointer}>
                {t('upgrade.notice.droppedField', { label: droppedLabel(field), value: droppedValue(field.value) })}
              </li>
            ))}
          </Box>
        </>
      )}
      {problems.length > 0 && (
        <Box component="p" sx={{ mt: 1, mb: 0 }} data-testid="record-upgrade-problems">
          {t('upgrade.notice.problems', { count: problems.length })}
        </Box>
      )}
    </Alert>
  );
}
