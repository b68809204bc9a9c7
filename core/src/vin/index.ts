// VINs: decoded offline and read from a label's barcode, each on a worker thread.
export { VinBarcodeReader } from './vin-barcode-reader.js';
export { VinDecoder, correctMake, unambiguousTrim } from './vin-decoder.js';
