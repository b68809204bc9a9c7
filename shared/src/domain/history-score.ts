// The history report's score (0-100) and its colour bands (spec part 1: 80+ good, 60-79 middling, below 60 poor).
// The score follows from the report's own facts, so a provider cannot send a score its facts do not support.

export const HISTORY_SCORE_GOOD = 80;
export const HISTORY_SCORE_FAIR = 60;

export interface HistoryScoreFacts {
  accidentHistory: boolean;
  titleIssues: boolean;
  totalOwners: number;
  openRecalls: number;
}

/** 100, less 25 for an accident, 30 for a title issue, 5 per open recall and 3 per owner after the first. */
export function historyScore(f: HistoryScoreFacts): number {
  const score =
    100 -
    (f.accidentHistory ? 25 : 0) -
    (f.titleIssues ? 30 : 0) -
    5 * f.openRecalls -
    3 * Math.max(0, f.totalOwners - 1);
  return Math.max(0, Math.min(100, score));
}

export function historyScoreBand(score: number): 'good' | 'fair' | 'poor' {
  return score >= HISTORY_SCORE_GOOD ? 'good' : score >= HISTORY_SCORE_FAIR ? 'fair' : 'poor';
}

/** Spec part 1: the preview shows at most 2 recalls, then "+N more"; service history is capped at 5 entries. */
export const HISTORY_PREVIEW_RECALLS = 2;
export const HISTORY_SERVICE_MAX = 5;
/** Recall status "Completed" and title type "Clean" are shown as normal, anything else as a warning. */
export const recallIsWarning = (status: string) => status !== 'Completed';
export const titleIsWarning = (titleType: string) => titleType !== 'Clean';
