import { countdownText, isCountdownUrgent } from '@app/shared';
import { useServerClock, useTicker } from '../../../lib/server-clock';

/** Refreshes every second on the shared ticker, measured against the server's clock. */
export function Countdown({ endTime, className = '' }: { endTime: string; className?: string }) {
  const now = useTicker((s) => s.now);
  const offset = useServerClock((s) => s.offsetMs);
  const remaining = Date.parse(endTime) - (now + offset);
  const urgent = isCountdownUrgent(remaining);
  return (
    <span
      className={`${urgent ? 'text-red-600' : 'text-slate-900'} font-semibold tabular-nums ${className}`}
      data-testid="countdown"
    >
      {countdownText(remaining)}
    </span>
  );
}
