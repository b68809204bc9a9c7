// The listing page, composed: the auction's own page with the bidding controls, the comments and the live chat in
// its slots.
import { ListingPage } from '../../features/auctions';
import { BiddingPanel } from '../../features/bidding';
import { Comments } from '../../features/comments';
import { ChatWidget } from '../../features/chat';
import { useMe } from '../../shared/session';
import { HistoryReportCard } from '../../features/history-report';
import { WatchButton } from '../../features/notifications';
import { AssistantWidget } from '../../features/assistant';

export function ListingRoute() {
  const user = useMe().data?.user ?? null;
  return (
    <>
      <ListingPage
        viewerId={user?.id ?? null}
        actions={(listing) => (
          <>
            <BiddingPanel listing={listing} user={user} />
            <div className="mt-3">
              <WatchButton auctionId={listing.auction.id} />
            </div>
          </>
        )}
        discussion={(auctionId) => <Comments auctionId={auctionId} />}
        chat={(auctionId) => <ChatWidget auctionId={auctionId} />}
        history={(vin) => <HistoryReportCard vin={vin} />}
      />
      <AssistantWidget context="auction" />
    </>
  );
}
