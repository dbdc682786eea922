import { Worker } from 'node:worker_threads';

/** Box of one detected face, in the pixels of the picture given to `detect`. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/**
 * `wasm`: tfjs' WebAssembly backend, the product's. `cpu`: tfjs' pure-JS backend, the same model
 * about 20 times slower, kept as the bench's baseline.
 */
export type FaceBackend = 'wasm' | 'cpu';

/**
 * `fused`: the detector's layers with bias and activation fused into each convolution, the
 * product's. `face-api`: face-api's own tensor ops for the same model, the bench's "before".
 */
export type FaceGraph = 'fused' | 'face-api';

/** One picture for the worker: RGB pixels (row-major, 3 bytes per pixel) and the detector's settings. */
export interface FaceRequest {
  rgb: Uint8Array;
  width: number;
  height: number;
  inputSize: number;
  scoreThreshold: number;
}

/** Thrown when a detection runs past the time limit; the worker is restarted on next use. */
export class FaceDetectionTimeoutError extends Error {
  constructor(limitMs: number) {
    super(`face detection took longer than ${limitMs} ms`);
  }
}

type WorkerAnswer = { id: number; boxes: FaceBox[] } | { id: number; error: string };

interface Pending {
  resolve(boxes: FaceBox[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One long-lived worker thread (face-worker.mjs) of the detector's pool, started on first use;
 * it loads the model once. It is handed one picture at a time: a detection still running past
 * its time limit is answered with a timeout and the thread stopped, the next one starts anew.
 */
export class FaceWorkerThread {
  private readonly pending = new Map<number, Pending>();
  private worker: Worker | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * `idleMs`: a thread given no picture for this long is stopped, and the next picture starts a
   * new one. A warm thread holds about 90 MB (tfjs' WebAssembly memory and its compiled bundle),
   * which the process's resident memory shows until the thread ends.
   */
  constructor(
    private readonly backend: FaceBackend,
    private readonly graph: FaceGraph = 'fused',
    private readonly idleMs = Number.POSITIVE_INFINITY,
  ) {}

  /** whether a thread is running now (started and not yet stopped) */
  get live(): boolean {
    return this.worker !== null;
  }

  /** Faces found, best first. The pixels are transferred to the thread, not copied: `request.rgb` is empty afterwards. */
  detect(request: FaceRequest, limitMs: number): Promise<FaceBox[]> {
    this.clearIdle();
    const worker = this.started();
    const { rgb } = request;
    // only a buffer holding exactly these pixels is transferred: a view into a larger one
    // (Node's shared Buffer pool) would take the rest of it along
    const whole = rgb.byteOffset === 0 && rgb.byteLength === rgb.buffer.byteLength && rgb.buffer instanceof ArrayBuffer;
    const pixels = whole ? rgb : rgb.slice();
    const id = this.nextId++;
    return new Promise<FaceBox[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        const pending = this.settle(id);
        if (!pending) return;
        pending.reject(new FaceDetectionTimeoutError(limitMs));
        // the thread is stuck on this picture: stop it, the next detection starts a new one
        void this.stop(new Error('face detector restarted after a timeout'));
      }, limitMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      try {
        worker.postMessage({ ...request, id, rgb: pixels }, [pixels.buffer as ArrayBuffer]);
      } catch (error) {
        // e.g. pixels already handed over elsewhere (a detached buffer cannot be sent)
        this.settle(id)?.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Stops the thread; its detection in flight, if any, fails with `error`. */
  async stop(error: Error): Promise<void> {
    this.clearIdle();
    const worker = this.worker;
    this.worker = null;
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(error);
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./face-worker.mjs', import.meta.url), { workerData: { backend: this.backend, graph: this.graph } });
    worker.on('message', (answer: WorkerAnswer) => {
      const pending = this.settle(answer.id);
      if (!pending) return;
      if ('error' in answer) pending.reject(new Error(answer.error));
      else pending.resolve(answer.boxes);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      void this.stop(error);
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', (code) => lost(new Error(`face detector worker exited with code ${code}`)));
    // an idle thread does not keep the process alive; a detection in flight does
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Removes a request from the pending ones; undefined when it was already answered. */
  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (this.pending.size === 0) {
      this.worker?.unref();
      this.retireWhenIdle();
    }
    return pending;
  }

  private retireWhenIdle(): void {
    if (!this.worker || !Number.isFinite(this.idleMs)) return;
    this.clearIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.pending.size === 0) void this.stop(new Error('face detector retired while idle'));
    }, this.idleMs);
    // waiting to retire a thread keeps nothing alive
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
