// On a sold car's listing, the way on to its escrow for the two people in the sale: the winner is sent to the payment
// while anything is owed, the seller to the sale's progress. Anyone else's request finds no escrow and shows nothing.
import { Link } from 'react-router';
import { useEscrowTransaction } from '../api/get-transaction';
import { dueOf } from '../utils/escrow-state';
import { Button } from '../../../components/ui';

export function SaleEscrowLink({ auctionId, sold, signedIn }: { auctionId: number; sold: boolean; signedIn: boolean }) {
  const tx = useEscrowTransaction(auctionId, sold && signedIn);
  const t = tx.data;
  if (!t) return null;
  const owes = t.role === 'buyer' && t.status === 'pending' && dueOf(t).first !== null;
  const label = owes ? 'Go to payment' : t.role === 'buyer' ? 'View your purchase' : 'View the sale in escrow';
  return (
    <div className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3" data-testid="sale-escrow-link">
      <p className="text-sm text-emerald-900">
        {owes
          ? 'You won this car. Pay through escrow to complete the purchase.'
          : `Escrow: ${t.status.replace('_', ' ')}`}
      </p>
      <Button asChild variant={owes ? 'success' : 'outline'} size="sm" className="mt-2">
        <Link to={`/transaction/${auctionId}`}>{label}</Link>
      </Button>
    </div>
  );
}
