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

/** "AMG E 63" -> family "e-class", trim "63 amg"; "GLK350" -> "glk-class", "350". */
function mercedesFamily(model: string): { family: string; extra: string } | null {
  const m = squash(model).replace(/class$/, '');
  if (/^(amg)?gt\d*$/.test(m)) return { family: 'amg gt', extra: m.replace(/^(amg)?gt/, '') };
  const amg = m.startsWith('amg');
  const rest = amg ? m.slice(3) : m;
  for (const cls of MERCEDES_CLASSES) {
    if (!rest.startsWith(cls)) continue;
    const tail = rest.slice(cls.length);
    if (tail !== '' && !/^\d{2,3}[a-z]*$/.test(tail)) continue;
    const sixtyThree = /^(43|45|53|55|63|65)/.test(tail);
    return { family: `${cls}-class`, extra: [tail, amg || sixtyThree ? 'amg' : ''].filter(Boolean).join(' ') };
  }
  return null;
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
    const sevenEighteen = /^718(cayman|boxster|spyder)$/.exec(squashed);
    if (sevenEighteen) return { family: sevenEighteen[1]!, extra: '' };
  }
  if (make === 'Chevrolet' && squashed === 'silverado') return { family: 'silverado1500', extra: '' };
  return { family: squashed, extra: '' };
}

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
function trimParts(text: string): { tokens: string[]; body: CarName['body']; manual: boolean } {
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
  const parts = trimParts(`${extra} ${trim}`);
  if (parts.body === 'other') {
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
