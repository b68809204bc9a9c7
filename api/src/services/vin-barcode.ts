// Reads the VIN barcode of a door-jamb or windshield label (Code 39, Data Matrix; QR on some newer labels) from a
// photo, offline: ZXing-C++ compiled to WebAssembly, its binary loaded from the package rather than from a CDN.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import { vinFromBarcodeText } from '@app/shared';

const FORMATS: ReadInputBarcodeFormat[] = ['Code39', 'DataMatrix', 'QRCode'];
let ready: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

/** The first valid VIN among the barcodes in an encoded image (PNG, JPEG, BMP, GIF), with its barcode format. */
export async function readVinBarcode(image: Uint8Array): Promise<{ vin: string; format: string } | null> {
  await prepare();
  const results = await readBarcodes(image, { formats: FORMATS, tryHarder: true, tryRotate: true, maxNumberOfSymbols: 8 });
  for (const r of results) {
    if (!r.isValid) continue;
    const vin = vinFromBarcodeText(r.text);
    if (vin) return { vin, format: r.format };
  }
  return null;
}
