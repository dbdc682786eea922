import Box from '@mui/material/Box';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef } from 'react';
import { BadgeSightings } from './badge-sightings';

/** How long a badge must be out of the camera's view before it counts as held up again. */
const OUT_OF_VIEW_MS = 3000;

/**
 * Reads QR codes from the phone's camera (@zxing/browser). A badge held in front of the camera is
 * handed over once, not every few seconds: a badge held a little long must not turn the guest's
 * check-in on the screen into "already checked in".
 */
export default function QrCamera({ onCode, onFailure }: { onCode: (text: string) => void; onFailure: (error: unknown) => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const sightings = useRef(new BadgeSightings(OUT_OF_VIEW_MS));
  const handlers = useRef({ onCode, onFailure });
  handlers.current = { onCode, onFailure };

  useEffect(() => {
    // Each start has a video element of its own: a reader stopped late (the effect run again, as
    // React's StrictMode does) clears its element's source, which would blank a shared one for good.
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.dataset.testid = 'checkin-camera';
    Object.assign(video.style, { width: '100%', height: '100%', objectFit: 'cover' });
    frame.current?.appendChild(video);
    let controls: IScannerControls | undefined;
    let live = true;
    // the camera is opened after this turn: an effect undone at once (StrictMode's second run, a
    // remount) never opens the device, so one device is never opened twice
    const opening = window.setTimeout(() => {
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
      reader
        .decodeFromVideoDevice(undefined, video, (result) => {
          if (!result) return;
          const text = result.getText();
          if (sightings.current.isNewScan(text, Date.now())) handlers.current.onCode(text);
        })
        .then((started) => {
          controls = started;
          if (!live) started.stop();
        })
        .catch((error: unknown) => live && handlers.current.onFailure(error));
    });
    return () => {
      live = false;
      window.clearTimeout(opening);
      controls?.stop();
      video.remove();
    };
  }, []);

  return (
    <Box ref={frame} sx={{ width: '100%', maxWidth: 480, aspectRatio: '4 / 3', bgcolor: 'black', borderRadius: 1, overflow: 'hidden' }} />
  );
}
