// @vitest-environment node
// The design tokens that fill a badge or a button under white text must be readable: at least 4.5:1 against white,
// WCAG 2.1 AA for small text ("Reserve not met" once sat white on amber at 2.1:1).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const css = readFileSync(new URL('../src/styles.css', import.meta.url), 'utf8');

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const againstWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

it('gives every fill under white text at least 4.5:1 against white', () => {
  const tokens = [...css.matchAll(/--color-(status-[a-z-]+|brand-(?:500|600|700)):\s*(#[0-9a-f]{6});/gi)].map(
    ([, name, hex]) => [name!, hex!] as const,
  );
  expect(tokens.map(([name]) => name)).toEqual(
    expect.arrayContaining(['status-ok', 'status-warn', 'brand-600', 'brand-700']),
  );
  for (const [name, hex] of tokens) expect(againstWhite(hex), name).toBeGreaterThanOrEqual(4.5);
});

it('measures as WCAG does: white on black 21:1, on Tailwind amber-500 about 2.1:1', () => {
  expect(againstWhite('#000000')).toBeCloseTo(21, 5);
  expect(againstWhite('#fe9a00')).toBeLessThan(2.2);
});
