import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { doorScanLimits, REPEATED_SCAN, type DoorScanResult } from '../../../shared/door-api';
import { useKeyTranslation } from '../../i18n/use-key-translation';
import { useNamespacesReady } from '../../i18n/use-namespaces';
import { formatDateTime } from '../../util/date-format';
import { ScanQueue, sendScan, type SendOutcome } from './scan-queue';

// the QR decoder is loaded only on this screen
const QrCamera = lazy(() => import('./QrCamera'));
const NAMESPACES = ['console'] as const;
const STATION_KEY = 'door.station';
const FLUSH_EVERY_MS = 10_000;

type Shown = { kind: 'answered'; result: DoorScanResult } | { kind: 'refused'; message: string } | { kind: 'queued' } | null;

/**
 * The door's badge scanner, made for a phone: the camera reads a badge's QR code (or the code is
 * typed), the person's photo and name come back to compare with the face, and the first scan
 * checks them in. Without network the scan is kept and sent when the network is back.
 */
export default function CheckInScreen() {
  const tk = useKeyTranslation();
  const ready = useNamespacesReady(NAMESPACES);
  const queue = useMemo(() => new ScanQueue(window.localStorage, sendScan), []);
  const [station, setStation] = useState(() => window.localStorage.getItem(STATION_KEY) ?? '');
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const [waiting, setWaiting] = useState(() => queue.pending().length);

  const show = useCallback((outcome: SendOutcome) => setShown(outcome.kind === 'offline' ? { kind: 'queued' } : outcome), []);

  const flush = useCallback(async () => {
    const sent = await queue.flush();
    setWaiting(queue.pending().length);
    const latest = sent.at(-1);
    if (latest) show(latest);
  }, [queue, show]);

  useEffect(() => {
    void flush();
    const timer = window.setInterval(() => void flush(), FLUSH_EVERY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [flush]);

  const scan = useCallback(
    async (token: string) => {
      const text = token.trim();
      if (!text) return;
      const outcome = await queue.submit({ token: text, scannedAt: new Date().toISOString(), station: station.trim() || '-' });
      setWaiting(queue.pending().length);
      show(outcome);
    },
    [queue, station, show],
  );

  if (!ready) return null;
  return (
    <Paper sx={{ p: 2 }} data-testid="checkin">
      <Stack spacing={2}>
        <TextField
          label={tk('console.door.fields.station')}
          value={station}
          onChange={(event) => {
            setStation(event.target.value);
            window.localStorage.setItem(STATION_KEY, event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: doorScanLimits.station, 'data-testid': 'checkin-station' } }}
          size="small"
        />
        {camera ? (
          <Suspense fallback={null}>
            <QrCamera onCode={(text) => void scan(text)} onFailure={() => setCameraFailed(true)} />
          </Suspense>
        ) : (
          <Button variant="contained" onClick={() => setCamera(true)} data-testid="checkin-start-camera">
            {tk('console.door.screen.startCamera')}
          </Button>
        )}
        {cameraFailed && <Alert severity="warning">{tk('console.door.screen.cameraFailed')}</Alert>}
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void scan(code).then(() => setCode(''));
          }}
        >
          <TextField
            label={tk('console.door.fields.token')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{ htmlInput: { maxLength: doorScanLimits.token, 'data-testid': 'checkin-code' } }}
            size="small"
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" data-testid="checkin-submit">
            {tk('console.door.screen.check')}
          </Button>
        </Box>
        {waiting > 0 && (
          <Alert severity="info" data-testid="checkin-waiting">
            {tk('console.door.screen.waiting', { count: waiting })}
          </Alert>
        )}
        <ScanOutcome shown={shown} />
      </Stack>
    </Paper>
  );
}

function ScanOutcome({ shown }: { shown: Shown }) {
  const tk = useKeyTranslation();
  if (!shown) return null;
  if (shown.kind === 'queued') return <Alert severity="info">{tk('console.door.screen.queued')}</Alert>;
  if (shown.kind === 'refused')
    return (
      <Alert severity="error" data-testid="checkin-refused">
        {shown.message}
      </Alert>
    );
  const { result } = shown;
  const already = result.outcome === REPEATED_SCAN;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="checkin-result" data-outcome={result.outcome}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {result.photo && (
          <Box
            component="img"
            src={result.photo}
            alt={result.nameZh}
            sx={{ width: 96, height: 128, objectFit: 'cover', borderRadius: 1 }}
          />
        )}
        <Box>
          <Typography variant="h6" component="p">
            {result.nameZh}
          </Typography>
          {result.nameEn && <Typography>{result.nameEn}</Typography>}
          <Typography color="text.secondary">{result.unitName}</Typography>
          <Typography color="text.secondary" data-testid="checkin-kind">
            {tk(`console.door.screen.kind.${result.kind}`)}
          </Typography>
        </Box>
      </Stack>
      <Alert severity={already ? 'warning' : 'success'} sx={{ mt: 2 }}>
        {already
          ? tk('console.door.screen.already', { time: formatDateTime(result.first.scannedAt), station: result.first.station })
          : tk('console.door.screen.checkedIn')}
      </Alert>
    </Paper>
  );
}
