// A PDF is judged by more than its first bytes. Without a full PDF engine on the server we check what a reader relies
// on and what an attack needs: a version header, a trailer whose startxref points at a cross-reference table or stream
// inside the file, at least one object and a document catalog (/Root); and we refuse what can act when the file is
// opened: scripts, launch and form-submission actions, embedded files, embedded media and XFA forms. Names may be
// written with #xx escapes (/J#61vaScript), and dictionaries may sit inside compressed object streams: both are read
// before looking. An encrypted file cannot be looked into, so it is refused too.
import { inflateSync } from 'node:zlib';
import { DOCUMENT_TEXTS } from '@app/shared';

export const PDF_TEXTS = {
  malformed: DOCUMENT_TEXTS.notADocument,
  active:
    'PDFs with scripts, actions, attachments, embedded media or XFA forms are not accepted: upload a plain copy (print to PDF)',
  encrypted: 'Encrypted or password-protected PDFs are not accepted: upload an unlocked copy',
} as const;

/** Names of things a PDF can do when opened, beyond showing pages. */
const ACTIVE = /\/(JavaScript|JS|Launch|SubmitForm|ImportData|GoToE|EmbeddedFiles?|RichMedia|XFA)(?![A-Za-z0-9])/;
/** What the object streams of one file may inflate to, at most: a small file cannot expand into gigabytes. */
const INFLATE_BUDGET = 64 * 1024 * 1024;

const unescapeNames = (s: string) =>
  s.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** More object streams than any real document has: past this the file is refused rather than read. */
const MAX_OBJECT_STREAMS = 1000;
/** How far around a /Type /ObjStm entry its dictionary and the start of its data are looked for. */
const DICT_WINDOW = 4096;

/**
 * The decompressed contents of every object stream (/Type /ObjStm), or null when one cannot be read within the budget.
 * Every search here is bounded by a window, so a hostile file costs time in proportion to its size.
 */
function objectStreams(text: string, bytes: Buffer): string[] | null {
  const out: string[] = [];
  let budget = INFLATE_BUDGET;
  let seen = 0;
  // Looking for each stream's end reads at most twice the file in all.
  let scan = 2 * text.length;
  const types = /\/Type\s{0,10}\/((?:[A-Za-z0-9]|#[0-9a-fA-F]{2}){1,40})/g;
  for (let m = types.exec(text); m; m = types.exec(text)) {
    if (unescapeNames(m[1]!) !== 'ObjStm') continue;
    if ((seen += 1) > MAX_OBJECT_STREAMS) return null;
    const before = text.slice(Math.max(0, m.index - DICT_WINDOW), m.index);
    const after = text.slice(m.index, m.index + DICT_WINDOW);
    const keyword = /stream(\r\n|\n|\r)/.exec(after);
    if (!keyword) return null;
    const dict = unescapeNames(before.slice(before.lastIndexOf('obj') + 1) + after.slice(0, keyword.index));
    const start = m.index + keyword.index + keyword[0].length;
    const found = text.slice(start, start + scan).indexOf('endstream');
    if (found < 0) return null;
    scan -= found;
    const end = start + found;
    const length = /\/Length\s{1,10}(\d{1,10})(?!\s{1,10}\d{1,10}\s{1,10}R)/.exec(dict);
    const data = bytes.subarray(start, length ? Math.min(start + Number(length[1]), end) : end);
    const filters = /\/Filter\s{0,10}(\[[^\]]{0,200}\]|\/\w{1,40})/.exec(dict)?.[1] ?? '';
    const names = filters.match(/\/\w+/g) ?? [];
    if (names.length > 1 || (names.length === 1 && names[0] !== '/FlateDecode')) return null;
    try {
      const inflated = names.length === 0 ? data : inflateSync(data, { maxOutputLength: budget });
      budget -= inflated.length;
      out.push(inflated.toString('latin1'));
    } catch {
      return null;
    }
  }
  return out;
}

/** Why this file is not an acceptable PDF, or null when it is. */
export function pdfProblem(bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  if (!/^%PDF-(1\.[0-7]|2\.0)\s/.test(text.slice(0, 16))) return PDF_TEXTS.malformed;
  const trailer = /startxref\s+(\d{1,10})\s+%%EOF\s*$/.exec(text.slice(-1024));
  if (!trailer || Number(trailer[1]) >= bytes.length) return PDF_TEXTS.malformed;
  if (!/^\s*(xref\b|\d{1,10}\s+\d{1,5}\s+obj\b)/.test(text.slice(Number(trailer[1]), Number(trailer[1]) + 64)))
    return PDF_TEXTS.malformed;
  const plain = unescapeNames(text);
  // Bounded repetitions: a file of digits and spaces must not make these searches quadratic.
  if (
    !/\d{1,10}\s{1,10}\d{1,5}\s{1,10}obj\b/.test(text) ||
    !/\/Root\s{1,10}\d{1,10}\s{1,10}\d{1,5}\s{1,10}R\b/.test(plain)
  )
    return PDF_TEXTS.malformed;
  if (/\/Encrypt\b/.test(plain)) return PDF_TEXTS.encrypted;
  const streams = objectStreams(text, bytes);
  if (streams === null) return PDF_TEXTS.malformed;
  return [plain, ...streams.map(unescapeNames)].some((s) => ACTIVE.test(s)) ? PDF_TEXTS.active : null;
}
