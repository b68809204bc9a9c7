// The in-page assistant (spec part 1): tips and greetings by context; its mood changes every 15 s, a hint bubble
// appears every 30 s for 5 s, a tip asked for shows for 4 s. Dismissed, it stays away (remembered in this browser).
// It sits at the end of the page, in the flow: floating in a corner it covered the bid amount, the chat input and
// Post Comment on phones, and no corner of every page at every width is free of controls.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui';

export type AssistantContext = 'dashboard' | 'auction' | 'trading' | 'general';

export const ASSISTANT_TIPS: Record<AssistantContext, readonly string[]> = {
  dashboard: [
    'Welcome! Your active bids update live here.',
    'Outbid? "Bid again" takes you straight to the listing.',
    'Watch a car to get our AI advice on its price.',
  ],
  auction: [
    'A bid in the last 2 minutes resets the clock to 2 minutes left: keep an eye on it.',
    'Set a price target 10-15% below your budget.',
    'Turn on outbid alerts so you never miss a counter-bid.',
  ],
  trading: [
    'A clear photo of the VIN label fills in the car for you.',
    'Our valuation uses real sales of comparable cars.',
    'Listings with several photos draw more bids.',
  ],
  general: ['Hi! Ask me for a tip any time.', 'Live auctions are counting down right now.'],
};
export const ASSISTANT_MOODS = ['🙂', '😄', '🤔', '😎'] as const;
export const ASSISTANT_DISMISSED_KEY = 'assistant-dismissed';
export const ASSISTANT_TIMINGS = {
  moodEveryMs: 15_000,
  hintEveryMs: 30_000,
  hintShownMs: 5_000,
  tipShownMs: 4_000,
} as const;

const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A bubble on screen: the unprompted hint and the tip asked for stay for different times; `n` restarts the same text. */
interface Bubble {
  text: string;
  shownMs: number;
  n: number;
}
const nextBubble =
  (context: AssistantContext, shownMs: number) =>
  (old: Bubble | null): Bubble => ({ text: pick(ASSISTANT_TIPS[context]), shownMs, n: (old?.n ?? 0) + 1 });

export function AssistantWidget({ context }: { context: AssistantContext }) {
  const [dismissed, setDismissed] = useState(() => window.localStorage.getItem(ASSISTANT_DISMISSED_KEY) === '1');
  const [mood, setMood] = useState(0);
  const [bubble, setBubble] = useState<Bubble | null>(null);

  useEffect(() => {
    if (dismissed) return;
    const moodTimer = setInterval(
      () => setMood((m) => (m + 1) % ASSISTANT_MOODS.length),
      ASSISTANT_TIMINGS.moodEveryMs,
    );
    const hintTimer = setInterval(
      () => setBubble(nextBubble(context, ASSISTANT_TIMINGS.hintShownMs)),
      ASSISTANT_TIMINGS.hintEveryMs,
    );
    return () => {
      clearInterval(moodTimer);
      clearInterval(hintTimer);
    };
  }, [context, dismissed]);

  useEffect(() => {
    if (bubble === null) return;
    const t = setTimeout(() => setBubble(null), bubble.shownMs);
    return () => clearTimeout(t);
  }, [bubble]);

  if (dismissed) return null;
  return (
    <div
      className="mx-auto flex min-h-16 max-w-7xl items-center gap-2 px-4 pb-6"
      data-testid="assistant"
      data-context={context}
    >
      <Button
        variant="bare"
        onClick={() => setBubble(nextBubble(context, ASSISTANT_TIMINGS.tipShownMs))}
        className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-2xl shadow-lg"
        aria-label="Assistant: show a tip"
      >
        {ASSISTANT_MOODS[mood]}
      </Button>
      {bubble && (
        <p className="max-w-xs rounded-lg bg-white p-3 text-sm shadow-lg" role="status" data-testid="assistant-bubble">
          {bubble.text}
        </p>
      )}
      <Button
        variant="bare"
        onClick={() => {
          window.localStorage.setItem(ASSISTANT_DISMISSED_KEY, '1');
          setDismissed(true);
        }}
        className="rounded-full bg-white px-2 text-xs text-slate-500 shadow"
        aria-label="Dismiss the assistant"
      >
        ×
      </Button>
    </div>
  );
}
