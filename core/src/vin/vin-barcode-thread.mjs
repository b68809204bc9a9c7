// Worker-thread entry (plain JavaScript, so the thread needs no TypeScript loader): reads the barcodes in an encoded
// image with ZXing-C++ compiled to WebAssembly, its binary loaded from the package rather than fetched from a CDN.
// Door-jamb labels carry Code 39, windshield labels Data Matrix, some newer ones QR.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
await prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});

parentPort.on('message', async ({ id, image }) => {
  try {
    const results = await readBarcodes(image, {
      formats: ['Code39', 'DataMatrix', 'QRCode'],
      tryHarder: true,
      tryRotate: true,
      maxNumberOfSymbols: 8,
    });
    parentPort.postMessage({
      id,
      texts: results.filter((r) => r.isValid).map((r) => ({ text: r.text, format: r.format })),
    });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
