// The live list, composed: every card carries the notifications feature's Watch control, and the filters can be saved
// with the saved-searches feature's control.
import { lazy, Suspense } from 'react';
import { AuctionsPage } from '../../features/auctions';
import { SaveSearchButton } from '../../features/saved-searches';

// The Watch control sits on each card's photo, out of the flow: fetched and run after the list is drawn (the
// notifications feature is one of the page's largest files), it appears in place without moving anything.
const WatchButton = lazy(async () => ({ default: (await import('../../features/notifications')).WatchButton }));

export function AuctionsRoute() {
  return (
    <AuctionsPage
      watch={(auctionId) => (
        <Suspense fallback={null}>
          <WatchButton auctionId={auctionId} compact />
        </Suspense>
      )}
      saveSearch={(filters) => <SaveSearchButton filters={filters} />}
    />
  );
}
