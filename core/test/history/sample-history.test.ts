import { expect, it } from 'vitest';
import { withCheckDigit } from '@app/shared';
import { sampleHistory } from '../../src/history/sample-history.js';

it('lists each sample recall once: no recall is both Completed and Open', () => {
  const now = new Date('2026-11-27T00:00:00Z');
  let withRecalls = 0;
  for (let i = 0; i < 400; i += 1) {
    const vin = withCheckDigit(`ZFFSMPL00KA${String(100000 + i).slice(-6)}`);
    const { recalls } = sampleHistory(vin, 2019, 8400, now);
    const components = recalls.map((r) => r.component);
    expect(new Set(components).size).toBe(components.length);
    if (recalls.length > 1) withRecalls += 1;
  }
  expect(withRecalls).toBeGreaterThan(0);
});
