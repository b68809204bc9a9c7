// The first admin's password comes from a secret file or standard input, never from the command line (where other
// users of the machine can read it in the process list and it stays in the shell's history).
import { open } from 'node:fs/promises';

/** More than any acceptable password (200 characters) could take, however it is encoded. */
const MAX_BYTES = 4096;

/** One line break ends a password typed or written by `echo`; it is not part of it. */
const withoutLineBreak = (s: string) => s.replace(/\r?\n$/, '');

export async function readPasswordFile(path: string): Promise<string> {
  const file = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`--password-file: cannot read ${path} (${err.code ?? err.message})`);
  });
  try {
    const buffer = Buffer.alloc(MAX_BYTES + 1);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_BYTES) throw new Error(`--password-file: ${path} is longer than a password can be`);
    return withoutLineBreak(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await file.close();
  }
}

/** Standard input piped in (`printf '%s' "$PASSWORD" | ...`), read to its end. */
export async function readPipedPassword(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size > MAX_BYTES) throw new Error('Standard input is longer than a password can be');
    chunks.push(bytes);
  }
  return withoutLineBreak(Buffer.concat(chunks).toString('utf8'));
}

/** Asks at a terminal without showing what is typed. */
export function promptHidden(
  question: string,
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed: string[] = [];
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(typed.join(''));
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new Error('Cancelled: no admin was made'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (typed.length < MAX_BYTES) typed.push(ch);
      }
    };
    output.write(question);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}
