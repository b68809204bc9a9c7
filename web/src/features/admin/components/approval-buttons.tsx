import { Button } from '../../../components/ui';
import type { Decision } from '../api/pending-auctions';
import type { DecideAuction } from '../hooks/use-decide-auction';

const CHOICES: { action: Decision; label: string; variant: 'success' | 'outline' }[] = [
  { action: 'approve', label: 'Approve', variant: 'success' },
  { action: 'reject', label: 'Reject', variant: 'outline' },
];

/** Approve (live now) or Reject a submitted auction. */
export function ApprovalButtons({ auctionId, decide }: { auctionId: number; decide: DecideAuction }) {
  return CHOICES.map(({ action, label, variant }) => (
    <Button
      key={action}
      onClick={() => decide.mutate({ id: auctionId, action })}
      disabled={decide.isPending}
      variant={variant}
      size="sm"
    >
      {label}
    </Button>
  ));
}
