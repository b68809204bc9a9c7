import type { Standing } from '@app/shared';
import { useServerClock, useTicker } from '../../../lib/server-clock';
import { standingOf, type StandingInput } from '../standing';

/** An auction's standing now, on the server's clock; it changes when the auction ends by the clock. */
export function useStanding(a: StandingInput): Standing {
  const now = useTicker((s) => s.now);
  const offset = useServerClock((s) => s.offsetMs);
  return standingOf(a, now + offset);
}
