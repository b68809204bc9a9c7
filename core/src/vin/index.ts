// VINs: decoded offline and read from a label's barcode, each on a worker thread.
export { VinBarcodeReader } from './vin-barcode-reader.js';
export { VinDecoder } from './vin-decoder.js';
