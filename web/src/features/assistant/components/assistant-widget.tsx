// The in-page assistant (spec part 1): tips and greetings by context; its mood changes every 15 s, a hint bubble
// appears every 30 s for 5 s, a tip asked for shows for 4 s. Dismissed, it stays away (remembered in this browser).
import { useEffect, useState } from 'react';

export type AssistantContext = 'dashboard' | 'auction' | 'trading' | 'general';

const TIPS: Record<AssistantContext, string[]> = {
  dashboard: [
    'Welcome back! Your active bids update live here.',
    'Outbid? "Bid again" takes you straight to the listing.',
    'Watch a car to get our AI advice on its price.',
  ],
  auction: [
    'A bid in the last 2 minutes extends the auction: keep an eye on the clock.',
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
const MOODS = ['🙂', '😄', '🤔', '😎'];
const DISMISSED_KEY = 'assistant-dismissed';
const MOOD_MS = 15_000;
const HINT_EVERY_MS = 30_000;
const HINT_SHOWN_MS = 5_000;
const TIP_SHOWN_MS = 4_000;

const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function AssistantWidget({ context }: { context: AssistantContext }) {
  const [dismissed, setDismissed] = useState(() => window.localStorage.getItem(DISMISSED_KEY) === '1');
  const [mood, setMood] = useState(MOODS[0]!);
  const [bubble, setBubble] = useState<string | null>(null);

  useEffect(() => {
    if (dismissed) return;
    const moodTimer = setInterval(() => setMood(pick(MOODS)), MOOD_MS);
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const hintTimer = setInterval(() => {
      setBubble(pick(TIPS[context]));
      hideTimer = setTimeout(() => setBubble(null), HINT_SHOWN_MS);
    }, HINT_EVERY_MS);
    return () => {
      clearInterval(moodTimer);
      clearInterval(hintTimer);
      clearTimeout(hideTimer);
    };
  }, [context, dismissed]);

  useEffect(() => {
    if (bubble === null) return;
    const t = setTimeout(() => setBubble(null), TIP_SHOWN_MS);
    return () => clearTimeout(t);
  }, [bubble]);

  if (dismissed) return null;
  return (
    <div className="fixed bottom-4 left-4 z-40 flex items-end gap-2" data-testid="assistant">
      <button onClick={() => setBubble(pick(TIPS[context]))} className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-2xl shadow-lg" aria-label="Assistant: show a tip">
        {mood}
      </button>
      {bubble && <p className="max-w-xs rounded-lg bg-white p-3 text-sm shadow-lg" role="status">{bubble}</p>}
      <button
        onClick={() => {
          window.localStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
        className="rounded-full bg-white px-2 text-xs text-slate-500 shadow"
        aria-label="Dismiss the assistant"
      >
        ×
      </button>
    </div>
  );
}
