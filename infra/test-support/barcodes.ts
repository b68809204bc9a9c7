// Real barcode images for the tests, drawn by the writer half of the library the scanner reads with.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode, type WriteInputBarcodeFormat } from 'zxing-wasm/writer';

let ready: Promise<unknown> | undefined;

export async function barcodePng(text: string, format: WriteInputBarcodeFormat, scale = 3): Promise<Uint8Array> {
  ready ??= (async () => {
    const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  await ready;
  const out = await writeBarcode(text, { format, scale });
  if (!out.image) throw new Error(`could not draw ${format}: ${out.error}`);
  return new Uint8Array(await out.image.arrayBuffer());
}
