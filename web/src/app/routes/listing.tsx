// The listing page, composed: the auction's own page with the bidding controls, the comments and the live chat in
// its slots.
import { lazy, Suspense, type ReactNode } from 'react';
import { ListingPage } from '../../features/auctions';
import { BiddingPanel } from '../../features/bidding';
import { ChatWidget } from '../../features/chat';
import { useMe } from '../../shared/session';
import { WatchButton } from '../../features/notifications';

// What the first screen does not show is fetched and run after it: the comments and the history report further down,
// the assistant, and what only a seller, a signed-in bidder or a sold car shows (offers, the reserve, the escrow
// link, each drawing nothing until its data says so). Loaded with the page, their code was one long task of a
// phone's main thread before the listing could be drawn.
const Comments = lazy(async () => ({ default: (await import('../../features/comments')).Comments }));
const HistoryReportCard = lazy(async () => ({
  default: (await import('../../features/history-report')).HistoryReportCard,
}));
const AssistantWidget = lazy(async () => ({ default: (await import('../../features/assistant')).AssistantWidget }));
const OffersPanel = lazy(async () => ({ default: (await import('../../features/offers')).OffersPanel }));
const LowerReserve = lazy(async () => ({ default: (await import('../../features/offers')).LowerReserve }));
const SaleEscrowLink = lazy(async () => ({ default: (await import('../../features/escrow')).SaleEscrowLink }));

const Later = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

export function ListingRoute() {
  const user = useMe().data?.user ?? null;
  return (
    <>
      <ListingPage
        viewerId={user?.id ?? null}
        actions={(listing) => (
          <>
            <BiddingPanel listing={listing} user={user} />
            <Later>
              <SaleEscrowLink
                auctionId={listing.auction.id}
                sold={listing.state.status === 'sold' || listing.state.status === 'bought-now'}
                signedIn={user !== null}
              />
              {user !== null &&
                listing.auction.car.ownerId === user.id &&
                listing.standing.outcome === null &&
                listing.state.reserveStatus !== 'none' && <LowerReserve auctionId={listing.auction.id} />}
              <OffersPanel auctionId={listing.auction.id} ended={listing.standing.outcome !== null} user={user} />
            </Later>
            <div className="mt-3">
              <WatchButton auctionId={listing.auction.id} />
            </div>
          </>
        )}
        discussion={(auctionId, sellerId) => (
          <Later>
            <Comments auctionId={auctionId} viewerIsSeller={user !== null && sellerId === user.id} />
          </Later>
        )}
        chat={(auctionId) => <ChatWidget auctionId={auctionId} />}
        history={(vin) => (
          <Later>
            <HistoryReportCard vin={vin} />
          </Later>
        )}
      />
      <Later>
        <AssistantWidget context="auction" />
      </Later>
    </>
  );
}
