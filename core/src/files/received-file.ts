/**
 * An upload the API has streamed to a temporary file in a store's folder (api/src/http/upload-receiver.ts), its size
 * checked but its content not yet proven: a store keeps it under a name of its own or refuses it.
 */
export interface ReceivedFile {
  /** A fresh random id the kept file may be named by. */
  id: string;
  temp: string;
  bytes: number;
}
