import { Link } from 'react-router';
import { Brain, Radio, ShieldCheck } from 'lucide-react';
import { HOME_STATS } from '@app/shared';
import { Button } from '../../components/ui';

const FEATURES = [
  {
    icon: Brain,
    title: 'AI Market Valuations',
    text: 'Every listing carries an estimated resale value and a confidence score, so you know the profit before you bid.',
  },
  {
    icon: Radio,
    title: 'Real-Time Bidding',
    text: 'Bids land in milliseconds with instant notifications, and a bid in the last two minutes resets the clock to two minutes left, so nobody gets sniped.',
  },
  {
    icon: ShieldCheck,
    title: 'Inspected & Verified',
    text: 'Inspected and verified listings with history reports and escrow-protected payments.',
  },
];

export function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-br from-ink via-slate-900 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Buy Smarter. Bid Faster. Flip for Profit.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">
            The AI-powered car auction marketplace for dealers, collectors and enthusiasts.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Button asChild variant="accent" size="lg">
              <Link to="/auctions">Browse Auctions</Link>
            </Button>
            <Button asChild variant="outline-light" size="lg">
              <Link to="/submit">Sell Your Car</Link>
            </Button>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16">
        <h2 className="text-center text-3xl font-bold">Why Choose CarBid</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map((f) => (
            <div key={f.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <f.icon className="h-10 w-10 text-brand-500" aria-hidden />
              <h3 className="mt-4 text-xl font-semibold">{f.title}</h3>
              <p className="mt-2 text-slate-600">{f.text}</p>
              {f.title === 'AI Market Valuations' && (
                <Link to="/valuation" className="mt-3 inline-block text-sm font-semibold text-brand-600">
                  Value a car now →
                </Link>
              )}
            </div>
          ))}
        </div>
      </section>
      <section className="bg-white">
        <div className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-12 text-center md:grid-cols-4">
          {HOME_STATS.map((s) => (
            <div key={s.label}>
              <p className="text-3xl font-extrabold text-brand-600">{s.value}</p>
              <p className="mt-1 text-sm text-slate-600">{s.label}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Ready to Start Bidding?</h2>
        <p className="mt-3 text-slate-600">Join thousands of dealers and collectors buying and selling every day.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Button asChild variant="primary" size="lg">
            <Link to="/auctions">Browse Auctions</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/submit">List Your Vehicle</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
