import { expect, it } from 'vitest';
import { ENTERPRISE } from './guests-harness.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { wishCaller, type WishCaller } from './wishes-harness.js';
import { sized, wishFiles } from './wishes-fixtures.js';

const MB = 1024 * 1024;

describeEachDatabase('good wishes: upload rules sniffed by content', (kind) => {
  const t = useTestApp(kind);
  let unit: WishCaller;
  const ready = async () => (unit ??= await wishCaller(t, ENTERPRISE));

  it('accepts a logo in every CDR/AI/WMF/EPS form, whatever the declared type', async () => {
    await ready();
    for (const [filename, data, mime] of [
      ['logo.eps', wishFiles.eps(), 'application/postscript'],
      ['logo.eps', wishFiles.dosEps(), 'application/postscript'],
      ['logo.ai', wishFiles.aiPdf(), 'application/illustrator'],
      ['logo.ai', wishFiles.aiPs(), 'application/illustrator'],
      ['logo.wmf', wishFiles.wmfPlaceable(), 'image/wmf'],
      ['logo.wmf', wishFiles.wmfPlain(), 'image/wmf'],
      ['logo.cdr', wishFiles.cdr(), 'application/cdr'],
    ] as const) {
      const response = await unit.upload('logo', filename, data, 'image/jpeg');
      expect(response.status, `${filename} ${data.subarray(0, 4).toString('hex')}`).toBe(200);
      expect(response.body.data?.mime).toBe(mime);
    }
  });

  it('refuses a logo of another type (a PNG, a plain PDF), even named .eps, and one of 10 MB', async () => {
    await ready();
    const png = await unit.upload('logo', 'logo.eps', wishFiles.png(), 'application/postscript');
    expect(png.status).toBe(400);
    expect(png.body.msg).toBe('Upload failed: The file must be CDR/AI/WMF/EPS');
    // a PDF is only a logo under the other reading (ai/eps/pdf), kept as data, not in force
    expect((await unit.upload('logo', 'logo.ai', wishFiles.pdf())).status).toBe(400);
    const justUnder = await unit.upload('logo', 'logo.eps', sized(wishFiles.eps(), 10 * MB - 1));
    expect(justUnder.status).toBe(200);
    const tenMb = await unit.upload('logo', 'logo.eps', sized(wishFiles.eps(), 10 * MB));
    expect(tenMb.status).toBe(400);
    expect(tenMb.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.fileTooBig']);
  });

  it('accepts MP4 and QuickTime videos, refuses audio or a logo as video and a video over 100 MB', async () => {
    await ready();
    expect((await unit.upload('wishVideo', 'wish.mp4', wishFiles.mp4())).body.data?.mime).toBe('video/mp4');
    expect((await unit.upload('wishVideo', 'wish.mov', wishFiles.mov())).body.data?.mime).toBe('video/quicktime');
    for (const [filename, data] of [
      ['wish.mp4', wishFiles.mp3Id3()],
      ['wish.mp4', wishFiles.m4a()],
      ['wish.mp4', wishFiles.eps()],
    ] as const) {
      const response = await unit.upload('wishVideo', filename, data, 'video/mp4');
      expect(response.status, filename).toBe(400);
      expect(response.body.key).toBe('upload.errors.fileRejected');
    }
    const big = await unit.upload('wishVideo', 'wish.mp4', sized(wishFiles.mp4(), 100 * MB + 1));
    expect(big.status).toBe(400);
    expect(big.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.fileTooBig']);
  }, 60_000);

  it('accepts MP3 (ID3 or frame), M4A and WAV audio, refuses a video as audio and audio over 20 MB', async () => {
    await ready();
    for (const [filename, data, mime] of [
      ['wish.mp3', wishFiles.mp3Id3(), 'audio/mpeg'],
      ['wish.mp3', wishFiles.mp3Frame(), 'audio/mpeg'],
      ['wish.m4a', wishFiles.m4a(), 'audio/mp4'],
      ['wish.wav', wishFiles.wav(), 'audio/wav'],
    ] as const) {
      const response = await unit.upload('wishAudio', filename, data, 'video/mp4');
      expect(response.status, filename).toBe(200);
      expect(response.body.data?.mime).toBe(mime);
    }
    expect((await unit.upload('wishAudio', 'wish.mp3', wishFiles.mp4())).status).toBe(400);
    expect((await unit.upload('wishAudio', 'wish.mp3', wishFiles.cdr())).status).toBe(400);
    const big = await unit.upload('wishAudio', 'wish.wav', sized(wishFiles.wav(), 20 * MB + 1));
    expect(big.status).toBe(400);
    expect(big.body.fieldErrors?.map((f) => f.key)).toEqual(['upload.rules.fileTooBig']);
  }, 60_000);

  it('refuses a file whose name does not match its rule (a .txt holding an MP3)', async () => {
    await ready();
    const response = await unit.upload('wishAudio', 'wish.txt', wishFiles.mp3Id3());
    expect(response.status).toBe(400);
  });
});
