// Reads the VIN barcode of a label photo. Decoding takes tens to hundreds of milliseconds of CPU per frame; on the
// API's event loop that would stall every bid in flight, so one worker thread, started on first use, reads the frames
// in turn, and this side picks the first text that is a valid VIN.
import { Worker } from 'node:worker_threads';
import { vinFromBarcodeText } from '@app/shared';

interface Decoded {
  text: string;
  format: string;
}
interface Waiting {
  resolve(r: Decoded[]): void;
  reject(e: Error): void;
}

export class VinBarcodeReader {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  /** The first valid VIN among the barcodes in an encoded image (PNG, JPEG), with its barcode format. */
  async read(image: Uint8Array): Promise<{ vin: string; format: string } | null> {
    for (const d of await this.decode(image)) {
      const vin = vinFromBarcodeText(d.text);
      if (vin) return { vin, format: d.format };
    }
    return null;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }

  private decode(image: Uint8Array): Promise<Decoded[]> {
    const worker = this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Held open only while a frame is being read, so an idle thread never keeps the process alive.
      worker.ref();
      worker.postMessage({ id, image });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // A bounded heap: a frame that makes the decoder misbehave ends this thread, not the API; the next scan starts a
    // new one (see failAll). Frames are bounded in pixels before they get here (image-safety.ts).
    const worker = new Worker(new URL('./vin-barcode-thread.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 },
    });
    worker.on('message', (msg: { id: number; texts?: Decoded[]; error?: string }) => {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (this.waiting.size === 0) worker.unref();
      if (msg.error !== undefined) w?.reject(new Error(msg.error));
      else w?.resolve(msg.texts ?? []);
    });
    const failAll = (err: Error) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`barcode reader thread exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
