// Test files: a PDF with a real structure (objects, a cross-reference table, a trailer whose startxref is right), with
// whatever objects a test wants inside, and an image whose header claims more pixels than any upload may have.
import { once } from 'node:events';
import { createDeflate, crc32, deflateSync } from 'node:zlib';

/** A content stream object: the bytes as they are, with their length. */
export const contentStream = (content: string, dict = '') =>
  `<< /Length ${Buffer.byteLength(content, 'latin1')}${dict} >>\nstream\n${content}\nendstream`;

/** One Letter page with a blue bar on it: catalog (1), pages (2), page (3), its content (4). */
export const ONE_PAGE = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  contentStream('0.2 0.3 0.8 rg 72 600 300 100 re f'),
];

/** A PDF whose objects are numbered from 1 in order; the first is the catalog the trailer names. */
export function pdfDocument(objects: string[] = ONE_PAGE, trailerExtra = ''): Buffer {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** An object stream holding `objects` (numbered from `firstNumber`), compressed like a PDF writer's. */
export function objectStream(objects: string[], firstNumber: number): string {
  let body = '';
  const header: string[] = [];
  for (const [i, o] of objects.entries()) {
    header.push(`${firstNumber + i} ${body.length}`);
    body += `${o}\n`;
  }
  const first = `${header.join(' ')}\n`;
  const data = deflateSync(Buffer.from(first + body, 'latin1'));
  return `<< /Type /ObjStm /N ${objects.length} /First ${first.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
};

/**
 * A real PNG of one colour (black, transparent): every row is there, so decoding it costs all its pixels, yet it
 * compresses to a few hundred kilobytes (40 megapixels at 16 bits RGBA: about 310 KB). Compressed row by row, so
 * making it never holds the decoded size.
 */
export async function blankPng(width: number, height: number, bitDepth: 8 | 16, channels: 3 | 4): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const row = Buffer.alloc(1 + (width * channels * bitDepth) / 8);
  for (let y = 0; y < height; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  const ended = once(deflate, 'end');
  deflate.end();
  await ended;
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims 20,000 x 20,000 pixels (1.6 GB to decode), with almost nothing after it. */
export function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** How a test hides an object stream from a reader that only looks for the usual spelling. */
export interface ObjectStreamDisguise {
  /** A comment between `/Type` and `/ObjStm`, which a PDF reader skips as whitespace. */
  comment?: boolean;
  /** The `/FlateDecode` name given by reference (`/Filter 9 0 R`) rather than written in the dictionary. */
  indirectFilter?: boolean;
  /** The data PNG-predicted (each row the difference from the one above, `/Predictor 12`) before it is compressed. */
  predictor?: boolean;
}

/**
 * A PDF 1.5 with a cross-reference stream, as most writers make them: `packed` objects (numbered from 1, the first is
 * the catalog) inside one compressed object stream, then `direct` ones (numbered after them: streams, which cannot be
 * packed) written plainly.
 */
export function objectStreamPdf(packed: string[], direct: string[], disguise: ObjectStreamDisguise = {}): Buffer {
  const header: string[] = [];
  let body = '';
  for (const [i, o] of packed.entries()) {
    header.push(`${i + 1} ${body.length}`);
    body += `${o}\n`;
  }
  const first = `${header.join(' ')}\n`;
  const columns = 8;
  let raw = Buffer.from(first + body, 'latin1');
  if (disguise.predictor) {
    raw = Buffer.concat([raw, Buffer.alloc((columns - (raw.length % columns)) % columns, 0x20)]);
    const rows: Buffer[] = [];
    for (let r = 0; r < raw.length / columns; r += 1) {
      const row = Buffer.alloc(columns + 1);
      row[0] = 2; // PNG "Up": each byte minus the one above it
      for (let c = 0; c < columns; c += 1)
        row[c + 1] = (raw[r * columns + c]! - (r === 0 ? 0 : raw[(r - 1) * columns + c]!) + 256) % 256;
      rows.push(row);
    }
    raw = Buffer.concat(rows);
  }
  const data = deflateSync(raw);
  const streamNumber = packed.length + direct.length + 1;
  const filterNumber = streamNumber + 1;
  const type = disguise.comment ? '/Type %a comment a reader skips\n/ObjStm' : '/Type /ObjStm';
  const filter = disguise.indirectFilter ? `/Filter ${filterNumber} 0 R` : '/Filter /FlateDecode';
  const parms = disguise.predictor ? ` /DecodeParms << /Predictor 12 /Columns ${columns} >>` : '';
  const objectStream = `<< ${type} /N ${packed.length} /First ${first.length} ${filter}${parms} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
  const plain = [...direct, objectStream, ...(disguise.indirectFilter ? ['/FlateDecode'] : [])];

  let out = '%PDF-1.5\n%\xe2\xe3\xcf\xd3\n';
  const offsets = new Map<number, number>();
  plain.forEach((obj, i) => {
    const n = packed.length + 1 + i;
    offsets.set(n, out.length);
    out += `${n} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefNumber = packed.length + plain.length + 1;
  offsets.set(xrefNumber, out.length);
  // Entries of 1 + 4 + 2 bytes: free (0), plain at an offset (1), packed in the object stream at an index (2).
  const entry = (kind: number, a: number, b: number) => {
    const e = Buffer.alloc(7);
    e.writeUInt8(kind, 0);
    e.writeUInt32BE(a, 1);
    e.writeUInt16BE(b, 5);
    return e;
  };
  const entries = [entry(0, 0, 65535)];
  for (let n = 1; n <= xrefNumber; n += 1)
    entries.push(n <= packed.length ? entry(2, streamNumber, n - 1) : entry(1, offsets.get(n)!, 0));
  const table = Buffer.concat(entries);
  out += `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n${table.toString('latin1')}\nendstream\nendobj\n`;
  out += `startxref\n${offsets.get(xrefNumber)}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
