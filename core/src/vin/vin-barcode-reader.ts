// Reads the VIN barcode of a label photo. Decoding takes tens to hundreds of milliseconds of CPU per frame; on the
// API's event loop that would stall every bid in flight, so one worker thread, started on first use, reads the frames
// in turn, and this side picks the first text that is a valid VIN.
import { ThreadClient } from '@app/infra';
import { vinFromBarcodeText } from '@app/shared';

interface Decoded {
  text: string;
  format: string;
}

export class VinBarcodeReader {
  // A bounded heap: a frame that makes the decoder misbehave ends this thread, not the API; the next scan starts a new
  // one. Frames are bounded in pixels before they get here (image-safety.ts).
  private readonly thread = new ThreadClient<{ image: Uint8Array }, { texts?: Decoded[] }>(
    new URL('./vin-barcode-thread.mjs', import.meta.url),
    { name: 'barcode reader', resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 } },
  );

  /** The first valid VIN among the barcodes in an encoded image (PNG, JPEG), with its barcode format. */
  async read(image: Uint8Array): Promise<{ vin: string; format: string } | null> {
    const { texts } = await this.thread.ask({ image });
    for (const d of texts ?? []) {
      const vin = vinFromBarcodeText(d.text);
      if (vin) return { vin, format: d.format };
    }
    return null;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
