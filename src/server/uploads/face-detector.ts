import { Worker } from 'node:worker_threads';
import { Semaphore } from '../http/semaphore.js';

/** Box of one detected face, in the pixels of the picture given to `detect`. */
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

/**
 * A detection takes under a second (the first one also loads the model, ~0.5 s); one still
 * running after this is stuck, and its photo is answered "not checked".
 */
export const DETECTION_TIME_LIMIT_MS = 10_000;

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
 * Face detection in one long-lived worker thread (face-worker.mjs), started on first use; the
 * model is loaded once there. face-api's CPU backend is pure JS and blocks its thread for most
 * of a second per photo: on the main thread every other request would wait that long.
 */
export class FaceDetector {
  /**
   * One detection at a time (the worker has one thread anyway); a few may wait, more are
   * answered "not checked" rather than queued forever.
   */
  private readonly detections = new Semaphore(1, 8);
  private readonly pending = new Map<number, Pending>();
  private worker: Worker | null = null;
  private nextId = 1;
  private closed = false;

  /** @param timeLimitMs applies to each detection when it is handed to the worker */
  constructor(public timeLimitMs = DETECTION_TIME_LIMIT_MS) {}

  /**
   * Faces in an RGB picture (row-major, 3 bytes per pixel), best first. The caller scales the
   * picture to fit FACE_INPUT_SIZE first: detection then costs the same for any photo. The
   * pixels are handed to the worker (transferred, not copied): `rgb` is empty afterwards.
   */
  detect(rgb: Uint8Array, width: number, height: number, inputSize = FACE_INPUT_SIZE): Promise<FaceBox[]> {
    return this.detections.run(() => this.ask(rgb, width, height, inputSize));
  }

  /** Stops the worker; detections still waiting fail (their photos are "not checked"). */
  async close(): Promise<void> {
    this.closed = true;
    await this.stop(new Error('face detector closed'));
  }

  private ask(rgb: Uint8Array, width: number, height: number, inputSize: number): Promise<FaceBox[]> {
    if (this.closed) return Promise.reject(new Error('face detector closed'));
    const worker = this.started();
    // only a buffer holding exactly these pixels is transferred: a view into a larger one
    // (Node's shared Buffer pool) would take the rest of it along
    const whole = rgb.byteOffset === 0 && rgb.byteLength === rgb.buffer.byteLength && rgb.buffer instanceof ArrayBuffer;
    const pixels = whole ? rgb : rgb.slice();
    const id = this.nextId++;
    const limitMs = this.timeLimitMs;
    return new Promise<FaceBox[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        const pending = this.settle(id);
        if (!pending) return;
        pending.reject(new FaceDetectionTimeoutError(limitMs));
        // the worker is stuck on this picture: stop it, the next detection starts a new one
        void this.stop(new Error('face detector restarted after a timeout'));
      }, limitMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      try {
        worker.postMessage({ id, rgb: pixels, width, height, inputSize, scoreThreshold: SCORE_THRESHOLD }, [pixels.buffer as ArrayBuffer]);
      } catch (error) {
        // e.g. pixels already handed over elsewhere (a detached buffer cannot be sent)
        this.settle(id)?.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./face-worker.mjs', import.meta.url));
    worker.on('message', (answer: WorkerAnswer) => {
      const pending = this.settle(answer.id);
      if (!pending) return;
      if ('error' in answer) pending.reject(new Error(answer.error));
      else pending.resolve(answer.boxes);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', (code) => lost(new Error(`face detector worker exited with code ${code}`)));
    // an idle worker does not keep the process alive; a detection in flight does
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
    if (this.pending.size === 0) this.worker?.unref();
    return pending;
  }

  private failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(error);
  }

  private async stop(error: Error): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(error);
    if (worker) await worker.terminate();
  }
}
