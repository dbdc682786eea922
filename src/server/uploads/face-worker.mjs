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

/** `(value - mean) / 255` in float32 for each of the 256 values, one table per channel */
const CHANNEL_TABLES = MEAN_RGB.map((mean) => {
  const table = new Float32Array(256);
  for (let value = 0; value < 256; value += 1) table[value] = Math.fround(Math.fround(value - Math.fround(mean)) / 255);
  return table;
});

/**
 * The network's input for a picture that fits `inputSize` exactly (its longer side): what
 * face-api builds with tensor ops (padding right or below with black to a square, then
 * `(value - mean) / 255` in float32), here through a lookup table per channel. Plain indexed
 * loops: a typed-array call per pixel would cost more than the rest of the input's making.
 */
function normalizedInput(rgb, width, height, inputSize) {
  const [red, green, blue] = CHANNEL_TABLES;
  const [padRed, padGreen, padBlue] = [red[0], green[0], blue[0]];
  const input = new Float32Array(inputSize * inputSize * 3);
  let to = 0;
  let from = 0;
  for (let y = 0; y < inputSize; y += 1) {
    const pictureEnd = y < height ? width : 0;
    let x = 0;
    for (; x < pictureEnd; x += 1, from += 3, to += 3) {
      input[to] = red[rgb[from]];
      input[to + 1] = green[rgb[from + 1]];
      input[to + 2] = blue[rgb[from + 2]];
    }
    for (; x < inputSize; x += 1, to += 3) {
      input[to] = padRed;
      input[to + 1] = padGreen;
      input[to + 2] = padBlue;
    }
  }
  return input;
}

/**
 * The tiny face detector's own layers and weights, faster than face-api's tensor ops for the same
 * numbers (the outputs are bit for bit face-api's fused ones, about 1e-5 from face-api's own):
 * - bias folded into each convolution: face-api runs every layer as five to seven separate ops
 *   (pad, convolution, bias, then the leaky ReLU as multiply, subtract, ReLU and add), each a
 *   pass over the layer's whole output;
 * - the leaky ReLU after the 2x2 max pool instead of before: it is increasing, so the pool picks
 *   the same value either way, and it runs on a quarter of the values; as a PReLU with a slope
 *   per channel, which tfjs' WebAssembly backend runs about three times faster than its
 *   leaky ReLU (the same comparison and product).
 */
function forwardFused(tf, params, input, inputSize) {
  return tf.tidy(() => {
    const linear = { strides: 1, pad: 'valid' };
    const leaky = (pooled) => tf.prelu(pooled, slopeOf(tf, pooled.shape[3]));
    let out = tf.tensor4d(input, [1, inputSize, inputSize, 3]);
    out = tf.fused.conv2d({ ...linear, x: out, filter: params.conv0.filters, bias: params.conv0.bias });
    out = leaky(tf.maxPool(out, [2, 2], [2, 2], 'same'));
    for (const layer of ['conv1', 'conv2', 'conv3', 'conv4', 'conv5']) {
      const { depthwise_filter: depthwise, pointwise_filter: pointwise, bias } = params[layer];
      // face-api pads by one and convolves "valid": a 3x3 "same" convolution
      out = tf.depthwiseConv2d(out, depthwise, 1, 'same');
      out = tf.fused.conv2d({ ...linear, x: out, filter: pointwise, bias });
      // the stride-1 pool of the last layer pads with values it ignores: the leaky ReLU still commutes
      out = leaky(tf.maxPool(out, [2, 2], layer === 'conv5' ? [1, 1] : [2, 2], 'same'));
    }
    return tf.fused.conv2d({ x: out, filter: params.conv8.filters, bias: params.conv8.bias, strides: 1, pad: 'valid' });
  });
}

/** The leaky ReLU's slope for `channels` channels, made once per worker. */
const slopes = new Map();
function slopeOf(tf, channels) {
  let slope = slopes.get(channels);
  if (!slope) {
    slope = tf.keep(tf.fill([channels], LEAKY_ALPHA));
    slopes.set(channels, slope);
  }
  return slope;
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
