import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ContentRecord } from '../../../shared/content-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { CatalogueScreen, type CatalogueConfig } from './CatalogueScreen';

const SESSIONS = ['1', '2', '3', '4', '5'];
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const inviterOf = (record: ContentRecord) => {
  const inviter = record.document.inviter as { name?: string; organisation?: string } | undefined;
  return inviter ? [inviter.name, inviter.organisation].filter(Boolean).join(' / ') : '';
};

/** /historicalGuests: guests of sessions 1 to 5 with their unit and inviter. */
export default function HistoricalGuestsScreen() {
  const t = useKeyTranslation();
  const [session, setSession] = useState('');
  const config: CatalogueConfig = {
    kind: 'historical-guest',
    title: 'content.historical.title',
    nameOf: (record) => text(record.document.nameZh),
    columns: [
      { label: 'content.historical.session', value: (record) => t('content.common.sessionN', { session: text(record.document.session) }) },
      { label: 'content.historical.name', value: (record) => [text(record.document.nameZh), text(record.document.nameEn)].filter(Boolean).join(' ') },
      { label: 'content.historical.unitName', value: (record) => text(record.document.unitName) },
      { label: 'content.historical.position', value: (record) => text(record.document.position) },
      { label: 'content.historical.inviter', value: inviterOf },
    ],
  };
  const filter = (
    <TextField select size="small" label={t('content.historical.session')} value={session} sx={{ minWidth: 140 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} onChange={(event) => setSession(event.target.value)} data-testid="session-filter">
      <MenuItem value="">{t('content.common.allSessions')}</MenuItem>
      {SESSIONS.map((value) => (
        <MenuItem key={value} value={value}>
          {t('content.common.sessionN', { session: value })}
        </MenuItem>
      ))}
    </TextField>
  );
  return <CatalogueScreen config={config} filter={filter} filters={{ session: session || undefined }} />;
}
