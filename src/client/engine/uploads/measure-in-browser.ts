import { chooseMime, extensionOf, sniffMimeTypes, SNIFF_BYTES } from '../../../shared/file-signatures';
import { jpegDensity } from '../../../shared/jpeg-density';
import { BACKGROUND_SAMPLE_SIZE, measureBackground } from '../../../shared/plain-background';
import { faceAreaRatioOf, sniffedFacts, type MeasuredFile, type UploadRules } from '../../../shared/upload-rules';

/** EXIF may hold up to 64 KB before the density is found; read a little more than that. */
const HEAD_BYTES = 2 * SNIFF_BYTES;

export type MeasureStage = 'reading' | 'detecting';

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * Measures a chosen file in the browser with the same definitions as the server: type from the
 * magic bytes, size, pixels (createImageBitmap, EXIF orientation applied), dpi from the JPEG
 * header, plain-background heuristic on the same 120x160 sample, face share with the same
 * detector and input size. Anything the browser cannot do stays null ("not checked").
 */
export async function measureInBrowser(
  file: File,
  rules: UploadRules,
  count: number,
  onStage: (stage: MeasureStage) => void,
): Promise<MeasuredFile> {
  onStage('reading');
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const mime = chooseMime(sniffMimeTypes(head.subarray(0, SNIFF_BYTES)), rules.accept);
  const { facts, decode } = sniffedFacts(mime, rules, { extension: extensionOf(file.name), bytes: file.size, count });
  if (!decode || typeof createImageBitmap !== 'function') return facts;

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return facts;
  }
  try {
    facts.width = bitmap.width;
    facts.height = bitmap.height;
    facts.dpi = mime === 'image/jpeg' ? jpegDensity(head) : null;
    if (rules.plainBackground) facts.backgroundPlain = backgroundOf(bitmap);
    if (rules.faceAreaMin !== undefined || rules.faceAreaMax !== undefined) {
      onStage('detecting');
      await measureFace(bitmap, facts);
    }
  } finally {
    bitmap.close();
  }
  return facts;
}

function backgroundOf(bitmap: ImageBitmap): boolean | null {
  const { width, height } = BACKGROUND_SAMPLE_SIZE;
  const context = canvasOf(width, height).getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return measureBackground(context.getImageData(0, 0, width, height).data, width, height, 4).plain;
}

async function measureFace(bitmap: ImageBitmap, facts: MeasuredFile): Promise<void> {
  try {
    const { detectFacesInCanvas, FACE_INPUT_SIZE } = await import('./browser-face-detector');
    const scale = Math.min(1, FACE_INPUT_SIZE / Math.max(bitmap.width, bitmap.height));
    const canvas = canvasOf(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const boxes = await detectFacesInCanvas(canvas);
    facts.faceCount = boxes.length;
    facts.faceAreaRatio = faceAreaRatioOf(boxes, canvas.width, canvas.height);
  } catch {
    // model or backend unavailable: the rule stays "not checked" (the server checks again)
  }
}
