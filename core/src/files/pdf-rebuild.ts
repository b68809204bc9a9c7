// A PDF from outside is never kept as it came: its pages are rendered to images by poppler (pdftoppm) in a child
// process bounded in time and memory, and a new PDF is assembled from those images alone. Whatever the original
// carried (scripts in compressed object streams, actions, attachments, forms, fonts that exploit a reader) has nothing
// to live in: the file that is stored and served holds one JPEG per page and nothing else. A file poppler cannot read
// within its limits, an encrypted one, one without pages or with too many is refused.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_TEXTS } from '@app/shared';
import { DomainError } from '../errors.js';

/** More pages than a title, a bill of sale or an inspection report has. */
export const MAX_DOCUMENT_PAGES = 50;
/** Each page is rendered to fit this many pixels on its long side: about 150 dpi on A4 or Letter, legible small print. */
export const PAGE_EDGE_PIXELS = 1754;
/** What poppler may take: address space, CPU seconds, wall-clock time. */
export const RENDER_LIMITS = { memoryBytes: 512 * 1024 * 1024, cpuSeconds: 20, wallMs: 30_000 } as const;
/** The largest page a PDF may declare (200 inches, the format's own limit), in points. */
const MAX_PAGE_POINTS = 14_400;

export const PDF_TEXTS = {
  unreadable: DOCUMENT_TEXTS.notADocument,
  encrypted: 'Encrypted or password-protected PDFs are not accepted: upload an unlocked copy',
  noPages: 'This PDF has no pages',
  tooManyPages: `The document has too many pages: at most ${MAX_DOCUMENT_PAGES}`,
} as const;

class RenderFailed extends Error {
  constructor(readonly output: string) {
    super('poppler could not read the file');
  }
}

/** Runs a poppler tool under prlimit (memory and CPU) and a wall-clock limit; its output, or RenderFailed. */
function poppler(tool: string, args: string[]): Promise<string> {
  const limits = [`--as=${RENDER_LIMITS.memoryBytes}`, `--cpu=${RENDER_LIMITS.cpuSeconds}`];
  return new Promise((resolve, reject) => {
    execFile(
      'prlimit',
      [...limits, '--', tool, ...args],
      { timeout: RENDER_LIMITS.wallMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024, env: {} },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        // A missing tool is the server's fault, not the file's: a 500 the operators see, never a refusal.
        if (missing) reject(new Error('prlimit or poppler-utils (pdfinfo, pdftoppm) is not installed'));
        else reject(new RenderFailed(`${stderr}`.slice(0, 500)));
      },
    );
  });
}

/** The page count and each page's size in points, from pdfinfo. */
async function pages(file: string): Promise<{ count: number; sizes: [number, number][] }> {
  let info: string;
  try {
    info = await poppler('pdfinfo', ['-f', '1', '-l', String(MAX_DOCUMENT_PAGES), file]);
  } catch (err) {
    if (err instanceof RenderFailed && /incorrect password|encrypt/i.test(err.output))
      throw new DomainError(415, PDF_TEXTS.encrypted);
    // pdfinfo refuses a page range on a document of no pages.
    if (err instanceof RenderFailed && /page count 0|Wrong page range/.test(err.output)) return { count: 0, sizes: [] };
    throw err;
  }
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m): [number, number] => [
    Number(m[1]),
    Number(m[2]),
  ]);
  return { count, sizes };
}

/** The PDF rebuilt from images of its pages; refuses (415, 413) a file that cannot or may not be rebuilt. */
export async function rebuildPdf(input: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-rebuild-'));
  try {
    const source = join(dir, 'source.pdf');
    await writeFile(source, input);
    const { count, sizes } = await pages(source);
    if (count === 0) throw new DomainError(415, PDF_TEXTS.noPages);
    if (count > MAX_DOCUMENT_PAGES) throw new DomainError(413, PDF_TEXTS.tooManyPages);
    await poppler('pdftoppm', [
      ...['-jpeg', '-jpegopt', 'quality=85', '-scale-to', String(PAGE_EDGE_PIXELS)],
      ...['-f', '1', '-l', String(count), source, join(dir, 'page')],
    ]);
    const images = (await readdir(dir)).filter((f) => /^page-\d+\.jpg$/.test(f)).sort();
    if (images.length !== count) throw new DomainError(415, PDF_TEXTS.unreadable);

    // Loaded on the first document, not at start: it is a fifth of the modules the API loads, and a restarted API
    // (after a crash, under load) answers sooner without it.
    const { PDFDocument } = await import('pdf-lib');
    const out = await PDFDocument.create({ updateMetadata: false });
    for (const [i, name] of images.entries()) {
      const image = await out.embedJpg(await readFile(join(dir, name)));
      // The page keeps its printed size (from pdfinfo), so the copy prints like the original.
      const [w, h] = sizes[i] ?? [image.width, image.height];
      const [pw, ph] = [Math.min(w, MAX_PAGE_POINTS), Math.min(h, MAX_PAGE_POINTS)];
      const page = out.addPage([pw, ph]);
      page.drawImage(image, { x: 0, y: 0, width: pw, height: ph });
    }
    // Plain objects, no object streams: what is stored can be read by anyone who checks it.
    return Buffer.from(await out.save({ useObjectStreams: false }));
  } catch (err) {
    if (err instanceof RenderFailed) throw new DomainError(415, PDF_TEXTS.unreadable);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
