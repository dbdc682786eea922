/**
 * Face detection off the event loop: the worker thread started by face-detector.ts. Plain
 * JavaScript with no TypeScript imports, so the same file runs under tsx, vitest and plain
 * Node (a .ts worker would need a loader registered inside the thread).
 *
 * Messages in:  { id, rgb: Uint8Array (transferred), width, height, inputSize, scoreThreshold }
 * Messages out: { id, boxes: [{ x, y, width, height, score }] } or { id, error: string }
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

/**
 * face-api with its tfjs bundled (dist/face-api.esm.js), on the pure-JS CPU backend: no native
 * binary, no download, models read from the npm package. The bundle's Node platform shim needs
 * `util.TextEncoder`, which the browser build stubs out; a momentary `WorkerGlobalScope`
 * global makes tfjs pick its browser platform instead (fetch, TextEncoder and performance are
 * all globals in Node 20), and the global is removed right after the import.
 */
async function load() {
  const hadScope = 'WorkerGlobalScope' in globalThis;
  if (!hadScope) globalThis.WorkerGlobalScope = function WorkerGlobalScope() {};
  let faceapi;
  try {
    faceapi = await import('@vladmandic/face-api/dist/face-api.esm.js');
  } finally {
    if (!hadScope) delete globalThis.WorkerGlobalScope;
  }
  const tf = faceapi.tf;
  // PROD silences tfjs' "install tfjs-node" banner and skips debug checks
  tf.env().set('PROD', true);
  await tf.setBackend('cpu');
  await tf.ready();
  const modelDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'model');
  const manifest = JSON.parse(fs.readFileSync(path.join(modelDir, 'tiny_face_detector_model-weights_manifest.json'), 'utf8'));
  const weights = fs.readFileSync(path.join(modelDir, 'tiny_face_detector_model.bin'));
  const buffer = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength);
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(
    tf.io.decodeWeights(
      buffer,
      manifest.flatMap((group) => group.weights),
    ),
  );
  return faceapi;
}

/** Loaded once per worker; a failed load is retried at the next request. */
let loading = null;
function faceApi() {
  loading ??= load().catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function detect({ rgb, width, height, inputSize, scoreThreshold }) {
  const faceapi = await faceApi();
  const tensor = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold });
    const found = await faceapi.detectAllFaces(tensor, options);
    return found
      .map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score }))
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}

// requests are answered one at a time, in order: the caller bounds how many are in flight
let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      parentPort.postMessage({ id: request.id, boxes: await detect(request) });
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
