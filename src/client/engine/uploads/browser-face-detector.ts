import manifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import weightsUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';

/**
 * Face detection in the browser, loaded only when a photo is chosen: face-api's ESM bundle
 * (tfjs included, ~1.3 MB, its own lazy chunk) and the tiny face detector (~190 KB of weights).
 * The weights come from the npm package through Vite's `?url` (emitted as a hashed asset
 * under dist/client/assets, served by the app itself: no CDN); the 3 KB manifest is bundled
 * as JSON so nothing is inlined as a data: URL that the CSP's connect-src would refuse.
 */

/** Same input size as the server (src/server/uploads/face-detector.ts), so both see the same box. */
export const FACE_INPUT_SIZE = 320;
const SCORE_THRESHOLD = 0.5;

type FaceApi = typeof import('@vladmandic/face-api');

/** The part of the bundled tfjs we call (face-api's typings point at an uninstalled tfjs-core). */
interface TfRuntime {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  io: { decodeWeights(buffer: ArrayBuffer, specs: unknown[]): unknown };
}

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  const faceapi = await import('@vladmandic/face-api');
  const tf = faceapi.tf as unknown as TfRuntime;
  // WebGL when the browser has it, else the pure-JS CPU backend (slower, same result)
  const webgl = await tf.setBackend('webgl').catch(() => false);
  if (!webgl) await tf.setBackend('cpu');
  await tf.ready();
  const response = await fetch(weightsUrl);
  if (!response.ok) throw new Error(`face model: HTTP ${response.status}`);
  const specs = (manifest as { weights: unknown[] }[]).flatMap((group) => group.weights);
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(await response.arrayBuffer(), specs) as never);
  return faceapi;
}

function faceApi(): Promise<FaceApi> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Face boxes in a canvas already scaled to fit FACE_INPUT_SIZE. */
export async function detectFacesInCanvas(canvas: HTMLCanvasElement): Promise<{ width: number; height: number }[]> {
  const faceapi = await faceApi();
  const found = await faceapi.detectAllFaces(
    canvas,
    new faceapi.TinyFaceDetectorOptions({ inputSize: FACE_INPUT_SIZE, scoreThreshold: SCORE_THRESHOLD }),
  );
  return found.map((detection) => ({ width: detection.box.width, height: detection.box.height }));
}
