// Where a bidder stands in an auction they bid on: the dashboard's "Leading" / "Outbid", decided in one place so the
// server's answer and the live flip on a socket event agree.
export type BidStandingLabel = 'Leading' | 'Outbid';

/** The leader is whoever placed the highest bid; on a tie the earlier bid stands, so the leader id alone decides. */
export function bidStanding(userId: number, leaderId: number | null): BidStandingLabel {
  return leaderId === userId ? 'Leading' : 'Outbid';
}
