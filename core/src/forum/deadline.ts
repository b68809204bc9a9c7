// Forum reads answer within a deadline: a database that does not answer in time gives 503 with Retry-After, never a
// hanging page. Reads only: a write that timed out here might still commit, so writes are left to finish.
import { ServiceUnavailable } from '../errors.js';

export const FORUM_READ_DEADLINE_MS = 2000;

export async function withinDeadline<T>(work: Promise<T>, ms = FORUM_READ_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ServiceUnavailable('The forum is busy right now. Please try again shortly.', 2)),
      ms,
    );
  });
  // The late answer (or failure) of a read that lost the race is of no use to anyone.
  work.catch(() => {});
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
