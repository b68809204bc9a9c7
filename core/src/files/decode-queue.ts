// Decoding an image or rendering a PDF costs far more than receiving it: a 300 KB PNG of 40 megapixels at 16 bits
// took 1.2-1.5 s of CPU and 130 MB, and four at once took the API from 161 to 677 MB. So every such decode in this
// process runs through one queue, one at a time, with a few waiting; past that the upload is answered 503 with
// Retry-After instead of piling up memory. Callers authorise first: nothing is queued for a request that will be refused.
import { ServiceUnavailable } from '../errors.js';

export type DecodeKind = 'photo' | 'document-image' | 'document-pdf' | 'scan';

/** Uploads waiting behind the one being decoded; a few seconds of work at most. */
export const DECODES_WAITING = 4;
export const DECODE_BUSY = 'Too many uploads are being processed right now: try again in a few seconds';
const RETRY_AFTER_SECONDS = 5;

export class DecodeQueue {
  private running = false;
  private readonly waiting: (() => void)[] = [];
  /** Decodes started since the process began, by kind (the API's /metrics). */
  readonly started: Record<DecodeKind, number> = { photo: 0, 'document-image': 0, 'document-pdf': 0, scan: 0 };

  constructor(private readonly maxWaiting = DECODES_WAITING) {}

  async run<T>(kind: DecodeKind, work: () => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw new ServiceUnavailable(DECODE_BUSY, RETRY_AFTER_SECONDS);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running = true;
    this.started[kind] += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so nobody can slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }
}

/** The one queue of this process: photos, escrow documents and VIN label scans share it. */
export const decodeQueue = new DecodeQueue();
