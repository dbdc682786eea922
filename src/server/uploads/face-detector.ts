import fs from 'node:fs';
import { Semaphore } from '../security/semaphore.js';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Box of one detected face, in the pixels of the picture given to `detectFaces`. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/**
 * The tiny detector's input size (a multiple of 32): the picture is scaled to fit it first.
 * 320 found the face in every portrait we tried (224 missed one on a busy background); the
 * cost grows about quadratically (CPU backend: ~0.3 s at 224, ~0.7 s at 320, ~1.1 s at 416).
 * The browser uses the same size, so both sides see the same box.
 */
export const FACE_INPUT_SIZE = 320;
const SCORE_THRESHOLD = 0.5;

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.esm.js');

/**
 * The part of the bundled tfjs we call. face-api's typings point at @tensorflow/tfjs-core,
 * which is bundled inside face-api rather than installed, so they are stated here.
 */
interface TfRuntime {
  env(): { set(flag: string, value: unknown): void };
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  io: { decodeWeights(buffer: ArrayBuffer, specs: unknown[]): unknown };
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
}

const tfOf = (faceapi: FaceApi) => faceapi.tf as unknown as TfRuntime;

let loading: Promise<FaceApi> | null = null;

/**
 * The CPU backend runs on the event loop (pure JS, no native binary): one detection at a time
 * keeps a burst of uploads from stalling every other request at once; a few may wait, more
 * are answered "not checked" rather than queued forever.
 */
const detections = new Semaphore(1, 8);

/**
 * face-api with its tfjs bundled (dist/face-api.esm.js), on the pure-JS CPU backend: no native
 * binary, no download, models read from the npm package. The bundle's Node platform shim needs
 * `util.TextEncoder`, which the browser build stubs out; a momentary `WorkerGlobalScope`
 * global makes tfjs pick its browser platform instead (fetch, TextEncoder and performance are
 * all globals in Node 20), and the global is removed right after the import.
 */
async function load(): Promise<FaceApi> {
  const global = globalThis as { WorkerGlobalScope?: unknown };
  const hadScope = 'WorkerGlobalScope' in global;
  if (!hadScope) global.WorkerGlobalScope = function WorkerGlobalScope() {};
  let faceapi: FaceApi;
  try {
    faceapi = await import('@vladmandic/face-api/dist/face-api.esm.js');
  } finally {
    if (!hadScope) delete global.WorkerGlobalScope;
  }
  const tf = tfOf(faceapi);
  // PROD silences tfjs' "install tfjs-node" banner and skips debug checks
  tf.env().set('PROD', true);
  await tf.setBackend('cpu');
  await tf.ready();
  const modelDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'model');
  const manifest = JSON.parse(fs.readFileSync(path.join(modelDir, 'tiny_face_detector_model-weights_manifest.json'), 'utf8')) as {
    weights: unknown[];
  }[];
  const weights = fs.readFileSync(path.join(modelDir, 'tiny_face_detector_model.bin'));
  const buffer = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength);
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(buffer, manifest.flatMap((group) => group.weights)) as never);
  return faceapi;
}

/** Loads once; a failed load is retried at the next call (and reported as "not checked"). */
function faceApi(): Promise<FaceApi> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Faces in an RGB picture (row-major, 3 bytes per pixel), best first. The caller scales the
 * picture to fit FACE_INPUT_SIZE first: detection then costs the same for any photo.
 */
export async function detectFaces(rgb: Uint8Array, width: number, height: number, inputSize = FACE_INPUT_SIZE): Promise<FaceBox[]> {
  const faceapi = await faceApi();
  return detections.run(() => detect(faceapi, rgb, width, height, inputSize));
}

async function detect(faceapi: FaceApi, rgb: Uint8Array, width: number, height: number, inputSize: number): Promise<FaceBox[]> {
  const tensor = tfOf(faceapi).tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: SCORE_THRESHOLD });
    const found = await faceapi.detectAllFaces(tensor as never, options);
    return found
      .map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score }))
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}
