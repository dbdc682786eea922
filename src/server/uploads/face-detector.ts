import { availableParallelism } from 'node:os';
import { Semaphore } from '../http/semaphore.js';
import { FaceWorkerThread, type FaceBackend, type FaceBox, type FaceGraph } from './face-worker-thread.js';

export { FaceDetectionTimeoutError, type FaceBackend, type FaceBox, type FaceGraph } from './face-worker-thread.js';

/**
 * The tiny detector's input size (a multiple of 32): the picture is scaled to fit it first.
 * 320 found the face in every portrait we tried (224 missed one on a busy background); the
 * cost grows about quadratically. The browser uses the same size, so both sides see the same box.
 */
export const FACE_INPUT_SIZE = 320;

/**
 * How the decoded photo is scaled down to the detector's input (about 3.75× for a 900×1200
 * portrait). Linear rather than sharp's default lanczos3: about 5 ms less CPU per check (issue 29,
 * the bench's photo-check section), closer to the browser's canvas scaling, and over the verdict
 * set (tests/server/fixtures/face-verdicts) every verdict and face count unchanged; nearest
 * changed two.
 */
export const FACE_INPUT_KERNEL = 'linear';
const SCORE_THRESHOLD = 0.5;

/**
 * A detection takes tens of milliseconds (the first one of a worker also loads the model and
 * compiles the WebAssembly, well under a second); one still running after this is stuck, and
 * its photo is answered "not checked".
 */
export const DETECTION_TIME_LIMIT_MS = 10_000;

/**
 * Detections that may wait for a free worker, per worker: about a second of work at most.
 * More are answered "not checked" at once rather than queued behind a long wait.
 */
const WAITING_PER_WORKER = 16;

/**
 * A worker given no photo for this long is stopped, giving its memory back (about 90 MB each,
 * FACE_WORKERS of them): a quiet instance, or one streaming an export between busy spells, does
 * not carry the pool. A minute keeps the pool warm through a registration day's steady trickle;
 * the first photo after a quiet spell pays the model's loading again (well under a second).
 */
export const FACE_WORKER_IDLE_MS = 60_000;

/** The pool's size when none is given (FACE_WORKERS): one worker per core this process may use. */
export const defaultFaceWorkers = (): number => Math.max(1, availableParallelism());

export interface FaceDetectorOptions {
  /** worker threads detecting side by side (FACE_WORKERS) */
  workers?: number;
  /** applies to each detection when it is handed to a worker */
  timeLimitMs?: number;
  /** the bench's baseline runs the pure-JS backend; the product runs WebAssembly */
  backend?: FaceBackend;
  /** how long a worker may sit without a photo before it is stopped (FACE_WORKER_IDLE_MS) */
  idleMs?: number;
  /** the bench's baseline runs face-api's own ops; the product runs the fused layers */
  graph?: FaceGraph;
}

/**
 * Face detection in a pool of long-lived worker threads (face-worker-thread.ts), each started on
 * first use and given one picture at a time: detection keeps a thread busy for tens of
 * milliseconds, which on the main thread every other request would wait for, and several
 * photos are checked side by side up to the cores given.
 */
export class FaceDetector {
  /** the pool's size */
  readonly workers: number;
  timeLimitMs: number;
  private readonly detections: Semaphore;
  private readonly idle: FaceWorkerThread[];
  private readonly threads: FaceWorkerThread[];
  private closed = false;

  constructor(options: FaceDetectorOptions = {}) {
    this.workers = Math.max(1, Math.floor(options.workers ?? defaultFaceWorkers()));
    this.timeLimitMs = options.timeLimitMs ?? DETECTION_TIME_LIMIT_MS;
    this.detections = new Semaphore(this.workers, WAITING_PER_WORKER * this.workers);
    this.threads = Array.from(
      { length: this.workers },
      () => new FaceWorkerThread(options.backend ?? 'wasm', options.graph ?? 'fused', options.idleMs ?? FACE_WORKER_IDLE_MS),
    );
    this.idle = [...this.threads];
  }

  /** detections running now (the /metrics face-pool figures) */
  get running(): number {
    return this.detections.running;
  }

  /** worker threads running now: started on first use, stopped after FACE_WORKER_IDLE_MS without a photo */
  get live(): number {
    return this.threads.filter((thread) => thread.live).length;
  }

  /** detections waiting for a free worker now */
  get waiting(): number {
    return this.detections.queued;
  }

  /**
   * Faces in an RGB picture (row-major, 3 bytes per pixel), best first. The caller scales the
   * picture to fit FACE_INPUT_SIZE first: detection then costs the same for any photo. The
   * pixels are handed to a worker (transferred, not copied): `rgb` is empty afterwards.
   */
  detect(rgb: Uint8Array, width: number, height: number, inputSize = FACE_INPUT_SIZE): Promise<FaceBox[]> {
    return this.detections.run(async () => {
      if (this.closed) throw new Error('face detector closed');
      // the semaphore admits no more detections than there are threads: one is idle
      const thread = this.idle.pop()!;
      try {
        return await thread.detect({ rgb, width, height, inputSize, scoreThreshold: SCORE_THRESHOLD }, this.timeLimitMs);
      } finally {
        this.idle.push(thread);
      }
    });
  }

  /** Stops the workers; detections still running or waiting fail (their photos are "not checked"). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.stop(new Error('face detector closed'))));
  }
}
