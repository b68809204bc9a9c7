// Receiving one uploaded file, as photos and escrow documents both do: streamed to a temporary name in the store's
// folder while its size is counted, refused when the parser cut it at the limit (413) or it is empty (400), then handed
// to `keep`, which proves what it is and puts it in place. The temporary file is gone afterwards whatever happened, so
// a refused upload leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, Invalid } from '@app/core';
import type { ReceivedFile } from '@app/core/files';

/** `part.file.truncated` says whether the multipart parser cut the file at the size limit. */
export async function receiveUpload<T>(
  dir: string,
  part: { file: Readable & { truncated: boolean } },
  texts: { tooLarge: string; noFile: string },
  keep: (received: ReceivedFile) => Promise<T>,
): Promise<T> {
  await mkdir(dir, { recursive: true });
  const id = randomBytes(16).toString('hex');
  const temp = join(dir, `.incoming-${id}`);
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, measure, createWriteStream(temp, { flags: 'wx' }));
    if (part.file.truncated) throw new DomainError(413, texts.tooLarge);
    if (bytes === 0) throw new Invalid(texts.noFile);
    return await keep({ id, temp, bytes });
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
