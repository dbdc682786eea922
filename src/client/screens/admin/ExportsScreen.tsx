import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { consoleApiPaths as paths, manifestDirections, type ManifestDirection } from '../../../shared/console-api';
import { unitRecordKinds } from '../../../shared/content-api';
import { downloadFile } from '../../api/download-file';
import { DateTextField } from '../../engine/widgets/DateTextField';
import { parseTyped } from '../../engine/widgets/typed-date';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import manifestQuery from '../../../generated/schemas/manifest-query.json';
import { limitAt } from '../../../shared/schema-limits';

const STATION_MAX_LENGTH = limitAt(manifestQuery, '/properties/station', 'maxLength');

/** /admin/exports: Excel workbooks streamed by the server (guests, entourage, manifests, hotels, vehicles, unofficial-activity guests). */
export default function ExportsScreen() {
  const t = useKeyTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [direction, setDirection] = useState<ManifestDirection>('arrival');
  // what is typed; the manifest's day once it reads as one
  const [dateText, setDateText] = useState('');
  const date = parseTyped(dateText, false);
  const [station, setStation] = useState('');

  const download = async (path: string, query: Record<string, string | undefined>, fileName: string) => {
    setBusy(true);
    setError('');
    try {
      const result = await downloadFile(path, `${fileName}.xlsx`, query);
      if (!result.ok) setError(result.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="exports-lists-title">
        <Typography component="h2" variant="h6" id="exports-lists-title" sx={{ mb: 1 }}>
          {t('console.exports.lists')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void download(paths.exportGuests, {}, 'guests')}
            data-testid="export-guests"
          >
            {t('console.exports.guests')}
          </Button>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void download(paths.exportEntourage, {}, 'entourage')}
            data-testid="export-entourage"
          >
            {t('console.exports.entourage')}
          </Button>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void download(paths.exportHotels, {}, 'hotels')}
            data-testid="export-hotels"
          >
            {t('console.exports.hotels')}
          </Button>
          {unitRecordKinds.map((kind) => (
            <Button
              key={kind}
              variant="outlined"
              disabled={busy}
              onClick={() => void download(paths.exportUnitRecords(kind), {}, kind)}
              data-testid={`export-${kind}`}
            >
              {t(`console.exports.${kind}`)}
            </Button>
          ))}
        </Box>
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="exports-manifest-title">
        <Typography component="h2" variant="h6" id="exports-manifest-title" sx={{ mb: 1 }}>
          {t('console.schema.titles.manifestQuery')}
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!date) return;
            void download(paths.exportManifest, { direction, date, station: station.trim() || undefined }, `${direction}-${date}`);
          }}
        >
          <TextField
            select
            size="small"
            label={t('console.schema.fields.direction')}
            value={direction}
            onChange={(event) => setDirection(event.target.value as ManifestDirection)}
            sx={{ minWidth: 140 }}
          >
            {manifestDirections.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`console.schema.enums.direction.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateTextField
            size="small"
            required
            label={t('console.schema.fields.date')}
            value={dateText}
            onText={setDateText}
            error={dateText.trim() !== '' && !date}
            data-testid="manifest-date"
          />
          <TextField
            size="small"
            label={t('console.schema.fields.station')}
            value={station}
            onChange={(event) => setStation(event.target.value)}
            slotProps={{ htmlInput: { maxLength: STATION_MAX_LENGTH } }}
          />
          <Button type="submit" variant="contained" disabled={busy || !date} data-testid="export-manifest">
            {t('console.exports.download')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
