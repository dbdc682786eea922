/**
 * Face detection off the event loop: one worker thread of the pool in face-detector.ts. Plain
 * JavaScript with no TypeScript imports, so the same file runs under tsx, vitest and plain
 * Node (a .ts worker would need a loader registered inside the thread).
 *
 * workerData:   { backend: 'wasm' | 'cpu', graph: 'fused' | 'face-api' }
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

/** face-api's tiny face detector: mean RGB subtracted before scaling to 0..1, leaky ReLU slope, box overlap */
const MEAN_RGB = [117.001, 114.697, 97.404];
const LEAKY_ALPHA = 0.10000000149011612;
const IOU_THRESHOLD = 0.4;

/**
 * The network's input for a picture that fits `inputSize` exactly (its longer side): what
 * face-api builds with tensor ops (padding right or below with black to a square, then
 * `(value - mean) / 255` in float32), here through a lookup table of the 256 values per channel.
 */
function normalizedInput(rgb, width, height, inputSize) {
  const table = new Float32Array(256 * 3);
  for (let channel = 0; channel < 3; channel += 1) {
    const mean = Math.fround(MEAN_RGB[channel]);
    for (let value = 0; value < 256; value += 1) table[value * 3 + channel] = Math.fround(Math.fround(value - mean) / 255);
  }
  const input = new Float32Array(inputSize * inputSize * 3);
  for (let i = 0; i < input.length; i += 3) input.set(table.subarray(0, 3), i);
  for (let y = 0; y < height; y += 1) {
    let from = y * width * 3;
    let to = y * inputSize * 3;
    for (let x = 0; x < width * 3; x += 3, from += 3, to += 3) {
      input[to] = table[rgb[from] * 3];
      input[to + 1] = table[rgb[from + 1] * 3 + 1];
      input[to + 2] = table[rgb[from + 2] * 3 + 2];
    }
  }
  return input;
}

/**
 * The tiny face detector's own layers and weights, each convolution with its bias and leaky ReLU
 * fused into one kernel. face-api runs every layer as five to seven separate tensor ops (pad,
 * convolution, bias, then the leaky ReLU as multiply, subtract, ReLU and add), each a pass over
 * the layer's whole output; fused, detection takes about half the CPU. The outputs match
 * face-api's to about 1e-5 (float rounding), so the boxes and scores are the same.
 */
function forwardFused(tf, params, input, inputSize) {
  return tf.tidy(() => {
    const leaky = { activation: 'leakyrelu', leakyreluAlpha: LEAKY_ALPHA, strides: 1 };
    let out = tf.tensor4d(input, [1, inputSize, inputSize, 3]);
    out = tf.fused.conv2d({ ...leaky, x: out, filter: params.conv0.filters, bias: params.conv0.bias, pad: 'valid' });
    out = tf.maxPool(out, [2, 2], [2, 2], 'same');
    for (const layer of ['conv1', 'conv2', 'conv3', 'conv4', 'conv5']) {
      const { depthwise_filter: depthwise, pointwise_filter: pointwise, bias } = params[layer];
      // face-api pads by one and convolves "valid": a 3x3 "same" convolution
      out = tf.depthwiseConv2d(out, depthwise, 1, 'same');
      out = tf.fused.conv2d({ ...leaky, x: out, filter: pointwise, bias, pad: 'valid' });
      out = tf.maxPool(out, [2, 2], layer === 'conv5' ? [1, 1] : [2, 2], 'same');
    }
    return tf.fused.conv2d({ x: out, filter: params.conv8.filters, bias: params.conv8.bias, strides: 1, pad: 'valid' });
  });
}

/** Boxes from the network's output, with face-api's own decoding and overlap suppression. */
async function boxesOf(faceapi, output, width, height, inputSize, scoreThreshold) {
  const net = faceapi.nets.tinyFaceDetector;
  const found = await net.extractBoxes(output, { width, height }, scoreThreshold);
  const picked = faceapi.nonMaxSuppression(
    found.map((result) => result.box.rescale(inputSize)),
    found.map((result) => result.score),
    IOU_THRESHOLD,
    true,
  );
  return picked.map((index) => {
    const { box, score } = found[index];
    return { x: box.x * width, y: box.y * height, width: box.width * width, height: box.height * height, score };
  });
}

/** face-api's own path: its tensor ops for the input and every layer (the bench's "before", and any size). */
async function detectWithFaceApi(faceapi, { rgb, width, height, inputSize, scoreThreshold }) {
  const tensor = faceapi.tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold });
    const found = await faceapi.detectAllFaces(tensor, options);
    return found.map((d) => ({ x: d.box.x, y: d.box.y, width: d.box.width, height: d.box.height, score: d.score }));
  } finally {
    tensor.dispose();
  }
}

async function detect(request) {
  const faceapi = await faceApi();
  const { rgb, width, height, inputSize, scoreThreshold } = request;
  let boxes;
  // the fused layers take a picture already scaled to the input size (what the upload check
  // hands over); anything else is padded and scaled by face-api itself
  if (workerData?.graph === 'face-api' || Math.max(width, height) !== inputSize) boxes = await detectWithFaceApi(faceapi, request);
  else {
    if (rgb.length !== width * height * 3) throw new Error(`${rgb.length} bytes for ${width}x${height} RGB pixels`);
    const output = forwardFused(
      faceapi.tf,
      faceapi.nets.tinyFaceDetector.params,
      normalizedInput(rgb, width, height, inputSize),
      inputSize,
    );
    try {
      boxes = await boxesOf(faceapi, output, width, height, inputSize, scoreThreshold);
    } finally {
      output.dispose();
    }
  }
  return boxes.sort((a, b) => b.score - a.score);
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
