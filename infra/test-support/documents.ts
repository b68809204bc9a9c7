// Test files: a PDF with a real structure (objects, a cross-reference table, a trailer whose startxref is right), with
// whatever objects a test wants inside, and an image whose header claims more pixels than any upload may have.
import { crc32, deflateSync } from 'node:zlib';

const CATALOG = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];

/** A PDF whose objects are numbered from 1 in order; the first is the catalog the trailer names. */
export function pdfDocument(objects: string[] = CATALOG, trailerExtra = ''): Buffer {
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

/** A PNG whose header claims 20,000 x 20,000 pixels (1.6 GB to decode), with almost nothing after it. */
export function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
