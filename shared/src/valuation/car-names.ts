// Names in the market data are not normalised ("E350" and "E-Class", "Super Duty F-250" and "F-250", "911" with
// "GT3 Touring 6-Speed"). A car is reduced to a model family (what comparables are drawn from) and a set of trim
// tokens (what tells a GT3 RS from a Carrera); body style and a manual gearbox are pulled out as their own features
// because they move prices across every trim.

export interface CarName {
  make: string;
  /** Lower-case family key shared by every spelling of one model line ("e-class", "911", "f-250"). */
  family: string;
  /** Sorted trim tokens without body or gearbox words: "carrera 4s", "gt3 rs weissach". */
  trimKey: string;
  trimTokens: string[];
  body: 'cabriolet' | 'wagon' | 'other';
  manual: boolean;
}

const MAKE_ALIASES: Record<string, string> = {
  mercedes: 'Mercedes-Benz',
  'mercedes-benz': 'Mercedes-Benz',
  'mercedes benz': 'Mercedes-Benz',
  bmw: 'BMW',
  porsche: 'Porsche',
  audi: 'Audi',
  ford: 'Ford',
  chevrolet: 'Chevrolet',
  chevy: 'Chevrolet',
  toyota: 'Toyota',
  honda: 'Honda',
  ferrari: 'Ferrari',
  lamborghini: 'Lamborghini',
};

export function normaliseMake(make: string): string {
  const m = make.trim().toLowerCase();
  return MAKE_ALIASES[m] ?? make.trim();
}

const squash = (s: string) => s.toLowerCase().replace(/[\s\-_]+/g, '');

const MERCEDES_CLASSES = [
  'cla',
  'cls',
  'clk',
  'cl',
  'gla',
  'glb',
  'glc',
  'gle',
  'glk',
  'gls',
  'gl',
  'ml',
  'slk',
  'sls',
  'sl',
  'a',
  'b',
  'c',
  'e',
  'g',
  'r',
  's',
];

/**
 * "AMG E 63" -> family "e-class", trim "63 amg"; "GLK350" -> "glk-class", "350"; "S550" -> "s-class", "550". Mercedes
 * numbers its AMG models with two digits (C43, E55, S63, CLA45) and its other models with three (S550, GL450, E350):
 * only a two-digit number, or AMG in the name, makes an AMG. A prefix test read the V8 S550 as an S55 AMG.
 */
function mercedesFamily(model: string): { family: string; extra: string } | null {
  const m = squash(model).replace(/class$/, '');
  if (/^(amg)?gt\d*$/.test(m)) return { family: 'amg gt', extra: m.replace(/^(amg)?gt/, '') };
  const amg = m.startsWith('amg');
  // "M-Class" is what the ML350 and ML550 are sold as.
  const rest = (amg ? m.slice(3) : m).replace(/^m(?=\d|$)/, 'ml');
  for (const cls of MERCEDES_CLASSES) {
    if (!rest.startsWith(cls)) continue;
    // "S63 AMG" reads as "S63" with trim "AMG", as the market data writes it.
    const amgAfter = rest.slice(cls.length).endsWith('amg');
    const tail = rest.slice(cls.length).replace(/amg$/, '');
    if (tail !== '' && !/^\d{2,3}[a-z]*$/.test(tail)) continue;
    const amgNumber = /^\d{2}(?!\d)/.test(tail);
    const isAmg = amg || amgAfter || amgNumber;
    return { family: `${cls}-class`, extra: [tail, isAmg ? 'amg' : ''].filter(Boolean).join(' ') };
  }
  return null;
}

/**
 * Listings often repeat the class in the trim ("S-Class" with "S 63 AMG", "E-Class" with "E 350", "GLC" with
 * "300 GLC 300", "AMG GT" with "AMG GT S"), where the data's sales write "S63" with "AMG" and "E350" alone. The class
 * in the trim is read as the model name would be: its number stays (two digits make an AMG, as above), the class
 * letters go. A bare class of one letter stays, since "S" after "E63" or "C63" is the S model, not the class.
 */
function mercedesTrim(family: string, trim: string): string {
  const cls = family === 'amg gt' ? 'gt' : family.replace(/-class$/, '');
  if (cls === family) return trim;
  const numbered = new RegExp(`(?<![a-z0-9])(amg[\\s-]*)?${cls}[\\s-]*(\\d{2,3}[a-z]*)(?![a-z0-9])`, 'g');
  const bare = new RegExp(`(?<![a-z0-9])(amg\\s+)?${cls}(?![a-z0-9])`, 'g');
  const text = trim
    .toLowerCase()
    .replace(numbered, (_, amg: string | undefined, n: string) => (amg || /^\d{2}(?!\d)/.test(n) ? `${n} amg` : n));
  if (cls.length < 2) return text;
  return text.replace(bare, (_, amg: string | undefined) => (amg && family !== 'amg gt' ? 'amg' : ''));
}

/** "328i" -> "3 series" + "328i"; "X5M" -> "x5" + "m"; "M3" stays its own family. */
function bmwFamily(model: string): { family: string; extra: string } | null {
  const m = squash(model);
  const numbered = /^m?(\d)(\d{2})([a-z]*)$/.exec(m);
  if (numbered) return { family: `${numbered[1]} series`, extra: m };
  const xm = /^(x\d)(m)$/.exec(m);
  if (xm) return { family: xm[1]!, extra: 'm' };
  return null;
}

/**
 * Listings split a BMW's name between model and trim ("430" with "Gran Coupe i xDrive", "750" with "750i xDrive",
 * "740" with "Li", "X1" with "xDrive 28i"), where the data's sales write "430i", "750i", "740Li" and "xDrive28i". A
 * bare number takes its suffix back from the trim (the trim's own spelling of the full name, or a lone suffix word),
 * and a drive word is joined to the engine figure after it.
 */
function bmwTrim(extra: string, trim: string): { extra: string; trim: string } {
  let text = trim.toLowerCase().replace(/\b([sx]drive) (\d{2}[a-z]+)\b/g, '$1$2');
  let name = extra;
  if (/^m?\d{3}$/.test(extra)) {
    const spelled = new RegExp(`(?<![a-z0-9])${extra}([a-z]+)(?![a-z0-9])`).exec(text);
    const suffix = spelled?.[1] ?? /(?<![a-z0-9])(i|li|d|e|is|xi)(?![a-z0-9])/.exec(text)?.[1];
    if (suffix) {
      name = `${extra}${suffix}`;
      text = text.replace(spelled?.[0] ?? new RegExp(`(?<![a-z0-9])${suffix}(?![a-z0-9])`), '');
    }
  }
  return { extra: name, trim: text };
}

function familyOf(make: string, model: string): { family: string; extra: string } {
  const squashed = squash(model);
  if (make === 'Mercedes-Benz') {
    const f = mercedesFamily(model);
    if (f) return f;
  }
  if (make === 'BMW') {
    const f = bmwFamily(model);
    if (f) return f;
    if (squashed === 'alpina') return { family: 'alpina', extra: '' };
  }
  if (make === 'Audi') {
    const a8l = /^(a\d)l$/.exec(squashed);
    if (a8l) return { family: a8l[1]!, extra: 'l' };
  }
  if (make === 'Ford') {
    const superDuty = /^(?:superduty)?(f\d{3})(?:superduty)?$/.exec(squashed);
    if (superDuty) return { family: superDuty[1]!.replace(/^f/, 'f-'), extra: '' };
    const shelby = /^shelby(gt\d{3}r?)$/.exec(squashed);
    if (shelby) return { family: 'mustang', extra: `shelby ${shelby[1]}` };
    if (squashed === 'expeditionmax') return { family: 'expedition', extra: 'max' };
    if (/^e-?\d{3}$/.test(model.trim().toLowerCase().replace(/\s/g, ''))) return { family: 'e-series', extra: '' };
  }
  if (make === 'Porsche') {
    const sevenEighteen = /^718(cayman|boxster)$/.exec(squashed);
    if (sevenEighteen) return { family: sevenEighteen[1]!, extra: '' };
    // The 718 Spyder is a Boxster (the Boxster Spyder's successor): a trim of that family, not a family of its own.
    const spyder = /^(?:718|boxster|718boxster)spyder(rs)?$/.exec(squashed);
    if (spyder) return { family: 'boxster', extra: ['spyder', spyder[1]].filter(Boolean).join(' ') };
  }
  if (make === 'Chevrolet' && squashed === 'silverado') return { family: 'silverado1500', extra: '' };
  return { family: squashed, extra: '' };
}

/**
 * Body words that name a model within a family rather than its body: every Boxster is a roadster, and a Boxster
 * Spyder (or 718 Spyder) is a lighter, much pricier Boxster, so there "Spyder" stays a trim word. Elsewhere (an R8
 * Spyder, a 911 Cabriolet) the word is the body style.
 */
const TRIM_NOT_BODY: Record<string, ReadonlySet<string>> = {
  'Porsche|boxster': new Set(['spyder', 'spider']),
};
const NONE: ReadonlySet<string> = new Set();

/**
 * Families that are all one open body (every Boxster, SL, SLK, Z4 and 918 Spyder is a roadster): their market rows
 * carry no body, so neither a body word in the trim nor a decoded "Convertible" may give them one. A Boxster decoded
 * as a convertible was priced with the convertible offset of other families, on top of a level that already is a
 * roadster's.
 */
const ONE_BODY_FAMILIES: ReadonlySet<string> = new Set([
  'Porsche|boxster',
  'Porsche|918spyder',
  'Porsche|carreragt',
  'Mercedes-Benz|sl-class',
  'Mercedes-Benz|slk-class',
  'Mercedes-Benz|slc',
  'BMW|z4',
]);

const BODY_CABRIOLET = new Set(['cabriolet', 'convertible', 'roadster', 'spyder', 'spider', 'volante']);
const BODY_WAGON = new Set(['wagon', 'estate', 'avant', 'touring-wagon', 'sportturismo']);
const DROPPED = new Set([
  'coupe',
  'sedan',
  'hatchback',
  'base',
  'w/',
  'with',
  'and',
  '&',
  '-',
  'pdk',
  'automatic',
  'auto',
  'edition',
]);

/** Tokens of a trim, with gearbox and body words taken out into their own features. */
function trimParts(
  text: string,
  trimWords: ReadonlySet<string>,
): { tokens: string[]; body: CarName['body']; manual: boolean } {
  let body: CarName['body'] = 'other';
  let manual = false;
  const tokens: string[] = [];
  const words = text
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/\bsport turismo\b/g, 'sportturismo')
    .replace(/\bw\//g, '')
    .split(/[\s,()]+/)
    .filter(Boolean);
  for (const w of words) {
    if (/^\d-speed$/.test(w) || w === 'manual') manual = true;
    else if (trimWords.has(w)) tokens.push(w);
    else if (BODY_CABRIOLET.has(w)) body = 'cabriolet';
    else if (BODY_WAGON.has(w)) body = 'wagon';
    else if (!DROPPED.has(w)) tokens.push(w);
  }
  return { tokens, body, manual };
}

/** `bodyClass`: a decoded body style ("Convertible", "Wagon", "Coupe"); it only speaks where the trim does not. */
export function normaliseCar(make: string, model: string, trim = '', bodyClass = ''): CarName {
  const m = normaliseMake(make);
  const { family, extra } = familyOf(m, model);
  const named =
    m === 'Mercedes-Benz'
      ? { extra, trim: mercedesTrim(family, trim) }
      : m === 'BMW'
        ? bmwTrim(extra, trim)
        : { extra, trim };
  const parts = trimParts(`${named.extra} ${named.trim}`, TRIM_NOT_BODY[`${m}|${family}`] ?? NONE);
  if (ONE_BODY_FAMILIES.has(`${m}|${family}`)) parts.body = 'other';
  else if (parts.body === 'other') {
    const decoded = bodyClass.toLowerCase();
    if ([...BODY_CABRIOLET].some((w) => decoded.includes(w))) parts.body = 'cabriolet';
    else if (decoded.includes('wagon')) parts.body = 'wagon';
  }
  const tokens = [...new Set(parts.tokens)].sort();
  return { make: m, family, trimKey: tokens.join(' '), trimTokens: tokens, body: parts.body, manual: parts.manual };
}

/** How alike two trims are: shared tokens over all tokens (1 for the same trim, 1 for two bare trims). */
export function trimSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const setB = new Set(b);
  const shared = a.filter((t) => setB.has(t)).length;
  return shared / (a.length + b.length - shared);
}
