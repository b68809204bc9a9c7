// .env.example documents every variable a process's environment schema reads, each with a comment: a variable added
// to a schema without a line there fails this test.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from '../src/schemas/env.js';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').split('\n');
/** `KEY=value`, or `# KEY=value` for one that is unset by default; each right after its comment. */
const documented = new Map<string, string>();
example.forEach((line, i) => {
  const key = /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
  const previous = example[i - 1] ?? '';
  if (key) documented.set(key, previous.startsWith('# ') && !/^# [A-Z][A-Z0-9_]*=/.test(previous) ? previous : '');
});

const schemaKeys = [
  ...new Set(
    Object.values(schemas as Record<string, unknown>)
      .filter((s): s is z.ZodObject => s instanceof z.ZodObject)
      .flatMap((s) => Object.keys(s.shape)),
  ),
].sort();

it('reads its variables from at least the three services schemas', () => {
  expect(schemaKeys).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'REALTIME_PORT', 'WORKERS_PORT']));
});

it.each(schemaKeys)('lists %s in .env.example with a comment', (key) => {
  expect(documented.has(key), `${key} is missing from .env.example`).toBe(true);
  expect(documented.get(key), `${key} in .env.example has no comment line above it`).not.toBe('');
});
