// Robust ridge regression on sparse rows: each coefficient has its own penalty and a prior mean it shrinks to, and
// Huber weights (iteratively reweighted least squares) keep a mis-described listing from dragging the fit. Small
// dense normal equations solved by Cholesky: a model family has at most a few hundred features.

export interface SparseRow {
  /** Feature name -> value; absent features are 0. */
  x: Record<string, number>;
  y: number;
  /** Trust in the row (kind, date). */
  w: number;
}

export interface Penalty {
  /** Ridge strength in pseudo-observations. */
  lambda: number;
  prior?: number;
}

export interface RidgeFit {
  coef: Record<string, number>;
  /** Robust scale of the residuals (1.4826 x MAD). */
  scale: number;
}

function cholSolve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k += 1) s -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) l[i * n + i] = Math.sqrt(Math.max(s, 1e-12));
      else l[i * n + j] = s / l[j * n + j]!;
    }
  }
  const z = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let s = b[i]!;
    for (let k = 0; k < i; k += 1) s -= l[i * n + k]! * z[k]!;
    z[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i -= 1) {
    let s = z[i]!;
    for (let k = i + 1; k < n; k += 1) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function predictRow(coef: Record<string, number>, x: Record<string, number>): number {
  let s = 0;
  for (const k in x) s += (coef[k] ?? 0) * x[k]!;
  return s;
}

/** Features without a penalty entry get `defaultPenalty`. */
export function fitRobustRidge(
  rows: readonly SparseRow[],
  penalties: (feature: string) => Penalty,
  iterations = 5,
): RidgeFit {
  const names: string[] = [];
  const index = new Map<string, number>();
  const idx = rows.map((r) =>
    Object.keys(r.x).map((k) => {
      let i = index.get(k);
      if (i === undefined) {
        i = names.length;
        index.set(k, i);
        names.push(k);
      }
      return i;
    }),
  );
  const n = names.length;
  const pens = names.map(penalties);
  let robust = rows.map(() => 1);
  let coef: Float64Array = new Float64Array(n);
  let scale = 0;
  for (let it = 0; it < iterations; it += 1) {
    const a = new Float64Array(n * n);
    const b = new Float64Array(n);
    rows.forEach((r, ri) => {
      const w = r.w * robust[ri]!;
      const cols = idx[ri]!;
      const vals = cols.map((c) => r.x[names[c]!]!);
      for (let p = 0; p < cols.length; p += 1) {
        const cp = cols[p]!;
        b[cp] = b[cp]! + w * vals[p]! * r.y;
        for (let q = 0; q < cols.length; q += 1) a[cp * n + cols[q]!] = a[cp * n + cols[q]!]! + w * vals[p]! * vals[q]!;
      }
    });
    pens.forEach((p, i) => {
      a[i * n + i] = a[i * n + i]! + p.lambda;
      b[i] = b[i]! + p.lambda * (p.prior ?? 0);
    });
    coef = cholSolve(a, b, n);
    const resid = rows.map((r, ri) => r.y - idx[ri]!.reduce((s, c) => s + coef[c]! * r.x[names[c]!]!, 0));
    scale = Math.max(1.4826 * median(resid.map(Math.abs)), 0.02);
    // Huber: full weight within 1.345 robust standard deviations, falling off as 1/|r| beyond.
    const k = 1.345 * scale;
    robust = resid.map((e) => (Math.abs(e) <= k ? 1 : k / Math.abs(e)));
  }
  return { coef: Object.fromEntries(names.map((nm, i) => [nm, coef[i]!])), scale };
}
