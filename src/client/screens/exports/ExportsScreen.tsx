import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ManifestQuery } from '../../../generated/types';
import { consoleApiPaths as paths } from '../../../shared/console-api';
import { unitRecordKinds } from '../../../shared/content-api';
import { downloadFile } from '../../api/download-file';
import { SchemaForm } from '../../engine/SchemaForm';
import { useKeyTranslation } from '../../i18n/use-key-translation';

/** The whole-list workbooks: each names its button (console.exports.<name>), test id and fallback file name. */
const workbooks = [
  { name: 'guests', path: paths.exportGuests },
  { name: 'entourage', path: paths.exportEntourage },
  { name: 'hotels', path: paths.exportHotels },
  ...unitRecordKinds.map((kind) => ({ name: kind, path: paths.exportUnitRecords(kind) })),
];

/** /admin/exports: Excel workbooks streamed by the server (guests, entourage, manifests, hotels, vehicles, unofficial-activity guests). */
export default function ExportsScreen() {
  const t = useKeyTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

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
          {workbooks.map(({ name, path }) => (
            <Button
              key={name}
              variant="outlined"
              disabled={busy}
              onClick={() => void download(path, {}, name)}
              data-testid={`export-${name}`}
            >
              {t(`console.exports.${name}`)}
            </Button>
          ))}
        </Box>
      </Paper>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="exports-manifest-title">
        <Typography component="h2" variant="h6" id="exports-manifest-title" sx={{ mb: 1 }}>
          {t('console.schema.titles.manifestQuery')}
        </Typography>
        <SchemaForm
          formId="manifest-query-form"
          idPrefix="manifest"
          schemaName="manifest-query"
          initial={{ direction: 'arrival' }}
          onSubmit={async (data) => {
            const { direction, date, station } = data as unknown as ManifestQuery;
            await download(paths.exportManifest, { direction, date, station: station?.trim() || undefined }, `${direction}-${date}`);
          }}
        >
          <Button type="submit" variant="contained" disabled={busy} data-testid="export-manifest">
            {t('console.exports.download')}
          </Button>
        </SchemaForm>
      </Paper>
    </Box>
  );
}
