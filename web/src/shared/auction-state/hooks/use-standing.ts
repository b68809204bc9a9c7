import type { Standing } from '@app/shared';
import { serverNow, useServerTimePassed } from '../../../lib/server-clock';
import { standingOf, type StandingInput } from '../standing';

/**
 * An auction's standing now, on the server's clock. The clock matters to it only through whether the end has passed,
 * so it redraws when the auction ends by the clock, not on every tick.
 */
export function useStanding(a: StandingInput): Standing {
  useServerTimePassed(Date.parse(a.endTime));
  return standingOf(a, serverNow());
}
