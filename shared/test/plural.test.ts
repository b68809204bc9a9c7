import { expect, it } from 'vitest';
import { countOf, plural } from '../src/index.js';

it('says 1 reply and 1 like, and the plural for every other count', () => {
  expect([0, 1, 2].map((n) => plural(n, 'like'))).toEqual(['likes', 'like', 'likes']);
  expect([0, 1, 2].map((n) => plural(n, 'reply', 'replies'))).toEqual(['replies', 'reply', 'replies']);
  expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
  expect(countOf(1204, 'like')).toBe('1,204 likes');
  expect(countOf(1, 'match', 'matches')).toBe('1 match');
});
