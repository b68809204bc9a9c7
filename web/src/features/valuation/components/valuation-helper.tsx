// The valuation page's helper: a face and a line typed out for each stage of a valuation.
import { useEffect, useState } from 'react';
import { Frown, PartyPopper, Search, Smile, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import type { ValuationResponse } from '@app/shared';

export type Stage = 'idle' | 'analyzing' | 'thinking' | 'excited' | 'celebrating' | 'surprised';

/** Spec: excited or surprised split at confidence 50; the helper reacts more strongly at 80 and at 40. */
export const SURPRISE_BELOW = 50;
const DELIGHT_FROM = 80;
const ALARM_BELOW = 40;

const FACES: Record<Stage, LucideIcon> = {
  idle: Smile,
  analyzing: Search,
  thinking: Zap,
  excited: Sparkles,
  celebrating: PartyPopper,
  surprised: Frown,
};

function lineFor(stage: Stage, result: ValuationResponse | null, failure: string | null): string {
  const confidence = result ? parseInt(result.confidence, 10) : 0;
  switch (stage) {
    case 'idle':
      return "Hi! Give me a VIN, the mileage and your ZIP (and the trim if you know it), and I'll value the car from real sales.";
    case 'analyzing':
      return 'Decoding the VIN…';
    case 'thinking':
      return 'Finding comparable sales and adjusting them to this car…';
    case 'excited':
      return confidence >= DELIGHT_FROM
        ? `Plenty of close comparables here: ${result?.valuation.basis}. I'm confident in this one!`
        : `Here is what I found, from ${result?.valuation.basis}.`;
    case 'celebrating':
      return 'Happy bidding!';
    case 'surprised':
      if (failure) return "Oh! I couldn't analyze that vehicle.";
      return confidence < ALARM_BELOW
        ? `Hmm, I have very little to go on (${result?.valuation.basis}), so the range is wide. Treat it as a rough guide.`
        : `I'm not very sure about this one (${result?.valuation.basis}). Have a look at the comparables.`;
  }
}

/** Types its line out at 30 ms per character (spec). */
function useTyped(text: string): string {
  // Counted per line: a new line starts from nothing without a render of the old one.
  const [typed, setTyped] = useState({ text, count: 0 });
  useEffect(() => {
    let count = 0;
    const timer = setInterval(() => {
      count += 1;
      setTyped({ text, count });
      if (count >= text.length) clearInterval(timer);
    }, 30);
    return () => clearInterval(timer);
  }, [text]);
  return typed.text === text ? text.slice(0, typed.count) : '';
}

export function ValuationHelper({
  stage,
  result,
  failure,
}: {
  stage: Stage;
  result: ValuationResponse | null;
  failure: string | null;
}) {
  const typed = useTyped(lineFor(stage, result, failure));
  const Face = FACES[stage];
  const tone =
    stage === 'surprised'
      ? 'text-rose-500'
      : stage === 'celebrating' || stage === 'excited'
        ? 'text-emerald-500'
        : 'text-amber-500';
  return (
    <div
      className="mt-6 flex items-start gap-4 rounded-xl border bg-white p-5"
      aria-live="polite"
      data-testid="helper"
      data-stage={stage}
    >
      <span
        className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-slate-100 ${tone} ${stage === 'thinking' || stage === 'analyzing' ? 'animate-pulse' : ''}`}
      >
        <Face className="h-7 w-7" aria-label={`Helper is ${stage}`} />
      </span>
      <p className="min-h-12 text-slate-800" data-testid="helper-text">
        {typed}
      </p>
    </div>
  );
}
