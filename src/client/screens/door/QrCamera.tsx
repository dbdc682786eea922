import Box from '@mui/material/Box';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef } from 'react';

/** Reads QR codes from the phone's camera (@zxing/browser); each code is handed over once per few seconds. */
export default function QrCamera({ onCode, onFailure }: { onCode: (text: string) => void; onFailure: (error: unknown) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<{ text: string; at: number }>({ text: '', at: 0 });
  const handlers = useRef({ onCode, onFailure });
  handlers.current = { onCode, onFailure };

  useEffect(() => {
    let controls: IScannerControls | undefined;
    let live = true;
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    reader
      .decodeFromVideoDevice(undefined, video.current ?? undefined, (result) => {
        if (!result) return;
        const text = result.getText();
        const now = Date.now();
        // a badge held in front of the camera is read many times a second: one scan per 3 s
        if (text === last.current.text && now - last.current.at < 3000) return;
        last.current = { text, at: now };
        handlers.current.onCode(text);
      })
      .then((started) => {
        controls = started;
        if (!live) started.stop();
      })
      .catch((error: unknown) => handlers.current.onFailure(error));
    return () => {
      live = false;
      controls?.stop();
    };
  }, []);

  return (
    <Box sx={{ width: '100%', maxWidth: 480, aspectRatio: '4 / 3', bgcolor: 'black', borderRadius: 1, overflow: 'hidden' }}>
      <video ref={video} data-testid="checkin-camera" muted playsInline style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </Box>
  );
}
