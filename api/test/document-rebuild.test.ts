// Escrow PDFs are rebuilt from images of their pages, so nothing a hostile file carries survives. Ten PDFs that a
// pattern-walking check let through (scripts in compressed object streams behind a comment before /ObjStm, an indirect
// /Filter or a PNG predictor; URI, GoToR and Named actions) are each stored only as the rebuilt file, which this test
// reads from disk: one image per page and nothing else. A stranger's upload is refused before anything is decoded.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { storedBytes, storedKeys } from '../../infra/test-support/stored-files.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  contentStream,
  objectStreamPdf,
  pdfDocument,
  type ObjectStreamDisguise,
} from '../../infra/test-support/documents.js';
import { MAX_DOCUMENT_PAGES, PDF_TEXTS } from '@app/core/files';
import { createAdminSession, createUserSession, startTestApp, type TestContext } from './support/test-app.js';
import { openSale, uploadDocument } from './support/escrow-sale.js';

let ctx: TestContext;
let admin: { cookie: string };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await createAdminSession(ctx.app, ctx.sql);
});
afterAll(async () => ctx?.close());

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (extra = '', contents = 4) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R${extra} >>`;
/** A blue bar near the top left of the page: what the rebuilt page must still show. */
const BLUE_BAR = contentStream('0 0 1 rg 72 600 300 100 re f');
const SCRIPT = "<< /S /JavaScript /JS (app.alert('hidden')) >>";

/** Scripts in the catalog, the names tree or a page, packed in an object stream disguised one way or several. */
function hiddenScript(where: 'open' | 'names' | 'page' | 'escaped' | 'indirect', disguise: ObjectStreamDisguise) {
  const catalog = {
    open: `<< /Type /Catalog /Pages 2 0 R /OpenAction ${SCRIPT} >>`,
    names: '<< /Type /Catalog /Pages 2 0 R /Names << /JavaScript << /Names [(a) 4 0 R] >> >> >>',
    page: '<< /Type /Catalog /Pages 2 0 R >>',
    escaped: "<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (app.alert('hidden')) >> >>",
    indirect: '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
  }[where];
  const pageObject = page(where === 'page' ? ` /AA << /O ${SCRIPT} >>` : '', 5);
  // Catalog, pages, page and the script action (1-4) packed, the page's content (5) plain: a stream cannot be packed.
  return objectStreamPdf([catalog, PAGES, pageObject, SCRIPT], [BLUE_BAR], disguise);
}

const plainWithAction = (action: string) =>
  pdfDocument([
    `<< /Type /Catalog /Pages 2 0 R /OpenAction ${action} >>`,
    PAGES,
    page(` /Annots [<< /Type /Annot /Subtype /Link /Rect [72 600 372 700] /A ${action} >>]`),
    BLUE_BAR,
  ]);

const HOSTILE: Record<string, Buffer> = {
  'script, comment before /ObjStm': hiddenScript('open', { comment: true }),
  'script, indirect /Filter': hiddenScript('open', { indirectFilter: true }),
  'script, PNG predictor': hiddenScript('open', { predictor: true }),
  'script in the names tree, comment and indirect /Filter': hiddenScript('names', {
    comment: true,
    indirectFilter: true,
  }),
  "script in a page's open action, predictor": hiddenScript('page', { predictor: true }),
  'script behind escaped names, comment and predictor': hiddenScript('escaped', { comment: true, predictor: true }),
  'script by reference, all three disguises': hiddenScript('indirect', {
    comment: true,
    indirectFilter: true,
    predictor: true,
  }),
  'URI action': plainWithAction('<< /S /URI /URI (https://evil.example/steal) >>'),
  'GoToR action': plainWithAction('<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>'),
  'Named action': plainWithAction('<< /S /Named /N /Print >>'),
};

/** Names a rebuilt file may hold: a catalog, a page tree, pages with their content and JPEG images. */
const ALLOWED_NAMES = new Set([
  'Catalog',
  'Page',
  'Image',
  'DeviceRGB',
  'DeviceGray',
  'DCTDecode',
  'FlateDecode',
  'Font',
  'ExtGState',
  'Annots',
  'Type',
  'Pages',
  'Kids',
  'Count',
  'Parent',
  'MediaBox',
  'Resources',
  'XObject',
  'Contents',
  'Subtype',
  'Width',
  'Height',
  'BitsPerComponent',
  'ColorSpace',
  'Filter',
  'Length',
  'Size',
  'Root',
  'Decode',
  'ProcSet',
]);

/** What a stored PDF holds, read from the bytes: every dictionary key, every stream's filter, decoded content. */
function anatomy(file: Buffer) {
  const text = file.toString('latin1');
  const keys = new Set(
    [...text.replace(/stream\r?\n[\s\S]*?endstream/g, '').matchAll(/\/([A-Za-z#0-9]+)/g)].map((m) => m[1]!),
  );
  const streams = [...text.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n([\s\S]*?)\r?\nendstream/g)].map(
    (m) => ({ dict: m[1]!, data: Buffer.from(m[2]!, 'latin1') }),
  );
  const contents = streams
    .filter((s) => /\/FlateDecode/.test(s.dict))
    .map((s) => inflateSync(s.data).toString('latin1'));
  return { keys, streams, contents };
}

async function storedFile(documentId: number): Promise<Buffer> {
  const [row] = await ctx.sql<
    { fileName: string }[]
  >`select file_name from transaction_documents where id = ${documentId}`;
  return storedBytes(ctx.sql, `escrow-documents/${row!.fileName}`);
}

/** The colour at a point of the first page, rendered by poppler (x, y from the top left, in points at 72 dpi). */
async function colourAt(pdf: Buffer, x: number, y: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'rebuilt-'));
  try {
    await writeFile(join(dir, 'f.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-png', '-f', '1', '-l', '1', join(dir, 'f.pdf'), join(dir, 'p')]);
    const [png] = (await readdir(dir)).filter((f) => f.endsWith('.png'));
    const { data, info } = await sharp(join(dir, png!)).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [...data.subarray(at, at + 3)];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function decodes(): Promise<Record<string, number>> {
  const text = (await ctx.app.inject({ url: '/metrics', headers: { cookie: admin.cookie } })).body;
  return Object.fromEntries(
    [...text.matchAll(/^upload_decodes_total\{[^}]*kind="([^"]+)"[^}]*\} (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
}

describe('escrow PDFs, rebuilt from their pages', () => {
  it('stores each of ten hostile PDFs only as rebuilt from page images: no script, no action, no object stream', async () => {
    const s = await openSale(ctx);
    for (const [name, original] of Object.entries(HOSTILE)) {
      // The scripts are out of sight of a text search: only a reader that decodes object streams finds them.
      if (name.startsWith('script')) expect(original.includes('JavaScript'), name).toBe(false);
      const res = await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'other', original, 'doc.pdf');
      expect(res.statusCode, name).toBe(201);
      const stored = await storedFile(res.json().documentId as number);
      expect(stored.equals(original), name).toBe(false);

      const { keys, streams, contents } = anatomy(stored);
      expect(
        [...keys].filter((k) => !ALLOWED_NAMES.has(k) && !/^Image-\d+$/.test(k)),
        name,
      ).toEqual([]);
      // pdf-lib writes an empty annotation list on every page: it must stay empty.
      expect(stored.toString('latin1'), name).not.toMatch(/\/Annots\s*\[\s*[^\]\s]/);
      for (const banned of [
        'JavaScript',
        'JS',
        'OpenAction',
        'AA',
        'URI',
        'GoToR',
        'Launch',
        'Named',
        'Names',
        'A',
        'S',
      ])
        expect(keys.has(banned), `${name}: /${banned}`).toBe(false);
      expect(keys.has('ObjStm') || keys.has('XRef'), name).toBe(false);
      // One image per page (a JPEG) and the content that draws it; nothing else has a stream.
      expect(
        streams.filter((x) => /\/DCTDecode/.test(x.dict)),
        name,
      ).toHaveLength(1);
      expect(
        streams.filter((x) => !/\/DCTDecode|\/FlateDecode/.test(x.dict)),
        name,
      ).toEqual([]);
      for (const content of contents) expect(content, name).toMatch(/^[\s\d.\-q Q cm Do/A-Za-z]*$/);
      expect(contents.join(' '), name).not.toMatch(/JavaScript|alert|https?:/);
    }
    // Nothing but the rebuilt files is kept: the originals are not stored in any form, nor left in the scratch folder.
    for (const key of await storedKeys(ctx.sql, 'escrow-documents/'))
      expect((await storedBytes(ctx.sql, key)).includes('hidden')).toBe(false);
    expect((await readdir(ctx.config.UPLOAD_DIR)).filter((f) => f.startsWith('.incoming'))).toEqual([]);
  }, 120_000);

  it('keeps what the page shows, at its printed size, and serves the rebuilt file', async () => {
    const s = await openSale(ctx);
    const original = HOSTILE['script, PNG predictor']!;
    const res = await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'other', original, 'doc.pdf');
    const stored = await storedFile(res.json().documentId as number);
    // The bar (72-372 across, 92-192 down from the top of a Letter page) is still blue; the page is still white.
    const [r, g, b] = await colourAt(stored, 200, 140);
    expect(b! - Math.max(r!, g!)).toBeGreaterThan(150);
    expect(Math.min(...(await colourAt(stored, 500, 600)))).toBeGreaterThan(240);
    expect(execFileSync('pdfinfo', ['-'], { input: stored }).toString()).toMatch(/Page size:\s+612 x 792 pts/);
    const served = await ctx.app.inject({
      url: `/api/escrow/documents/${res.json().documentId}`,
      headers: { cookie: s.buyer.cookie },
    });
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it(`refuses an encrypted PDF, one without pages, one of more than ${MAX_DOCUMENT_PAGES} pages and one poppler cannot read`, async () => {
    const s = await openSale(ctx);
    const id = '01'.repeat(16);
    const encrypted = pdfDocument(
      undefined,
      ` /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >> /ID [<${id}> <${id}>]`,
    );
    const many = MAX_DOCUMENT_PAGES + 1;
    const kids = Array.from({ length: many }, (_, i) => `${i + 4} 0 R`).join(' ');
    const tooLong = pdfDocument([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${many} >>`,
      BLUE_BAR,
      ...Array.from({ length: many }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>'),
    ]);
    const garbled = Buffer.from(
      pdfDocument()
        .toString('latin1')
        .replace(/\d+ 0 obj/g, 'xx'),
      'latin1',
    );
    const cases: [Buffer, number, string][] = [
      [encrypted, 415, PDF_TEXTS.encrypted],
      [
        pdfDocument(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']),
        415,
        PDF_TEXTS.noPages,
      ],
      [tooLong, 413, PDF_TEXTS.tooManyPages],
      [garbled, 415, PDF_TEXTS.unreadable],
    ];
    for (const [bytes, status, error] of cases) {
      const res = await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'other', bytes, 'doc.pdf');
      expect(res.statusCode, error).toBe(status);
      expect(res.json()).toEqual({ error });
    }
  });

  it("refuses a stranger's upload before anything is decoded", async () => {
    const s = await openSale(ctx);
    const stranger = await createUserSession(ctx.app, ctx.sql);
    const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const before = await decodes();
    for (const [bytes, name] of [
      [pdfDocument(), 'doc.pdf'],
      [png, 'scan.png'],
    ] as const) {
      const res = await uploadDocument(ctx, stranger.cookie, s.transactionId, 'title', bytes, name, 'application/pdf');
      expect(res.statusCode).toBe(404);
    }
    expect(await decodes()).toEqual(before);
    // The same files from the seller are decoded: the count does move when work is done.
    expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'title')).statusCode).toBe(201);
    expect((await decodes())['document-pdf']).toBe((before['document-pdf'] ?? 0) + 1);
  });
});
