// The live list, composed: every card carries the notifications feature's Watch control.
import { AuctionsPage } from '../../features/auctions';
import { WatchButton } from '../../features/notifications';

export function AuctionsRoute() {
  return <AuctionsPage watch={(auctionId) => <WatchButton auctionId={auctionId} compact />} />;
}
