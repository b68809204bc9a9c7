import { expect, it } from 'vitest';
import { historyScore, historyScoreBand, recallIsWarning, titleIsWarning } from '../src/index.js';

it('scores a history from its facts and bands it 80+ good, 60-79 middling, below 60 poor', () => {
  expect(historyScore({ accidentHistory: false, titleIssues: false, totalOwners: 1, openRecalls: 0 })).toBe(100);
  expect(historyScore({ accidentHistory: true, titleIssues: false, totalOwners: 2, openRecalls: 1 })).toBe(67);
  expect(historyScore({ accidentHistory: true, titleIssues: true, totalOwners: 9, openRecalls: 9 })).toBe(0);
  expect([80, 79, 60, 59].map(historyScoreBand)).toEqual(['good', 'fair', 'fair', 'poor']);
  expect([
    recallIsWarning('Completed'),
    recallIsWarning('Open'),
    titleIsWarning('Clean'),
    titleIsWarning('Salvage'),
  ]).toEqual([false, true, false, true]);
});
