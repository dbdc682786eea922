/**
 * Face detection off the event loop: one worker thread of the pool in face-detector.ts. Plain
 * JavaScript with no TypeScript imports, so the same file runs under tsx, vitest and plain
 * Node (a .ts worker would need a loader registered inside the thread).
 *
 * workerData:   { backend: 'wasm' | 'cpu' }
 * Messages in:  { id, rgb: Uint8Array (transferred), width, height, inputSize, scoreThreshold }
 * Messages out: { id, boxes: [{ x, y, width, height, score }] } or { id, error: string }
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const packageDir = (name) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * face-api with its tfjs bundled (dist/face-api.esm.js): models read from the npm package, no
 * native binary. The bundle's Node platform shim needs `util.TextEncoder`, which the browser
 * build stubs out; a momentary `WorkerGlobalScope` global makes tfjs pick its browser platform
 * instead (fetch, TextEncoder and performance are all globals in Node 20), and the global is
 * removed right after the import.
 */
async function importFaceApi() {
  const hadScope = 'WorkerGlobalScope' in globalThis;
  if (!hadScope) globalThis.WorkerGlobalScope = function WorkerGlobalScope() {};
  try {
    return await import('@vladmandic/face-api/dist/face-api.esm.js');
  } finally {
    if (!hadScope) delete globalThis.WorkerGlobalScope;
  }
}

/**
 * tfjs' WebAssembly backend (SIMD), about 20 times faster than the pure-JS `cpu` one. Its
 * JavaScript is in face-api's bundle; the .wasm binaries ship in @tensorflow/tfjs-backend-wasm
 * and are read from disk, so nothing is downloaded at run time. The binary must come from the
 * same tfjs release as the bundled glue code, which is checked.
 */
async function useWasm(tf) {
  const wasmPackage = JSON.parse(fs.readFileSync(path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'package.json'), 'utf8'));
  if (wasmPackage.version !== tf.version_core) {
    throw new Error(`@tensorflow/tfjs-backend-wasm ${wasmPackage.version} does not match the tfjs ${tf.version_core} bundled in face-api`);
  }
  const binaries = path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep;
  // one thread per worker: the pool runs several workers side by side instead
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  // the browser platform's fetch cannot read a file: the binary is handed over from disk
  const platform = Object.create(tf.env().platform);
  platform.fetch = async (file) => new Response(await fs.promises.readFile(file), { headers: { 'content-type': 'application/wasm' } });
  tf.setPlatform('face-worker', platform);
  tf.setWasmPaths(binaries, true);
  // emscripten's Node branch names the folder of its script; the bundle is an ES module without one
  const hadDirname = '__dirname' in globalThis;
  if (!hadDirname) globalThis.__dirname = binaries;
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs could not start its WebAssembly backend');
  } finally {
    if (!hadDirname) delete globalThis.__dirname;
  }
}

async function load() {
  const faceapi = await importFaceApi();
  const tf = faceapi.tf;
  // PROD silences tfjs' "install tfjs-node" banner and skips debug checks
  tf.env().set('PROD', true);
  if (workerData?.backend === 'cpu') await tf.setBackend('cpu');
  else await useWasm(tf);
  await tf.ready();
  const modelDir = path.join(packageDir('@vladmandic/face-api'), 'model');
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

// requests are answered one at a time, in order: the pool hands each worker one at a time
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
