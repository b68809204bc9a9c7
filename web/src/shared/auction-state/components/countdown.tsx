import { countdownText, isCountdownUrgent } from '@app/shared';
import { useServerTime } from '../../../lib/server-clock';

/**
 * The time left, on the server's clock. Only this element redraws, and only when its text or colour changes: every
 * second in the last hour, every minute before that, every hour more than a day out.
 */
export function Countdown({ endTime, className = '' }: { endTime: string; className?: string }) {
  const endMs = Date.parse(endTime);
  const text = useServerTime((now) => countdownText(endMs - now));
  const urgent = useServerTime((now) => isCountdownUrgent(endMs - now));
  return (
    <span
      className={`${urgent ? 'text-red-600' : 'text-slate-900'} font-semibold tabular-nums ${className}`}
      data-testid="countdown"
    >
      {text}
    </span>
  );
}
