import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { contentApiPaths, type CatalogueKind } from '../../../shared/content-api';
import { ApiError } from '../../api/api-error';
import { contentApi } from '../../api/content-endpoints';
import { downloadFile } from '../../api/download-file';
import { sendUpload, UploadFailure } from '../../engine/uploads/upload-request';
import { useKeyTranslation } from '../../i18n/use-key-translation';

type Phase =
  { kind: 'idle' } | { kind: 'busy'; percent: number } | { kind: 'failed'; messages: string[] } | { kind: 'done'; count: number };

/**
 * Excel import of a catalogue: the workbook is uploaded (checked as an .xlsx), then imported
 * by the server all or nothing; refused rows are listed with their Excel row numbers.
 */
export function ImportDialog({ kind, onClose, onImported }: { kind: CatalogueKind; onClose: () => void; onImported: () => void }) {
  const t = useKeyTranslation();
  const id = useId().replace(/:/g, '');
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  async function run(file: File) {
    setPhase({ kind: 'busy', percent: 0 });
    try {
      const stored = await sendUpload(file, 'importWorkbook', (percent) => setPhase({ kind: 'busy', percent })).done;
      const result = await contentApi.importCatalogue(kind, stored.id);
      setPhase({ kind: 'done', count: result.imported });
      onImported();
    } catch (error) {
      const messages =
        error instanceof UploadFailure
          ? [error.message, ...error.messages]
          : error instanceof ApiError
            ? (error.envelope?.fieldErrors?.map((item) => item.message) ?? [error.message])
            : [String(error)];
      setPhase({ kind: 'failed', messages: messages.filter(Boolean) });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t('content.common.importExcel')}</DialogTitle>
      <DialogContent data-testid="import-dialog">
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Button variant="outlined" onClick={() => void downloadFile(contentApiPaths.catalogueTemplate(kind), `${kind}-template.xlsx`)}>
            {t('content.common.template')}
          </Button>
          <Button variant="contained" disabled={phase.kind === 'busy'} onClick={() => input.current?.click()} data-testid="choose-workbook">
            {t('content.common.chooseWorkbook')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="workbook-input"
            aria-label={t('content.common.chooseWorkbook')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void run(file);
            }}
          />
        </Box>
        {phase.kind === 'busy' && (
          <Box>
            <Typography variant="body2">{t('content.common.importing')}</Typography>
            <LinearProgress variant="determinate" value={phase.percent} aria-label={t('content.common.importing')} />
          </Box>
        )}
        {phase.kind === 'done' && (
          <Alert severity="success" data-testid="import-done">
            {t('content.import.done', { count: phase.count })}
          </Alert>
        )}
        {phase.kind === 'failed' && (
          <Alert severity="error" data-testid="import-errors">
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {phase.messages.slice(0, 50).map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </Box>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('content.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
