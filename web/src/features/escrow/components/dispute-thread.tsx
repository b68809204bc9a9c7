// A dispute's thread as both parties see it, with a reply box while it is open.
import { useState } from 'react';
import type { Dispute, EscrowTransaction } from '@app/shared';
import { writeInDispute } from '../api/escrow-steps';
import { when } from '../utils/next-step';
import { useEscrowStep } from './use-escrow-step';
import { Button } from '../../../components/ui';

export function DisputeThread({ transaction: t, dispute: d }: { transaction: EscrowTransaction; dispute: Dispute }) {
  const [message, setMessage] = useState('');
  const send = useEscrowStep(
    t.auction.id,
    (m: string) => writeInDispute(t, m),
    { done: 'Message sent', failed: 'Failed to send message' },
    () => setMessage(''),
  );
  const open = d.status === 'open' || d.status === 'in_review';
  return (
    <div className="mt-3 space-y-2">
      {d.messages.map((m, i) => (
        <p key={i} className="rounded bg-slate-50 px-3 py-2" data-testid="dispute-message">
          <span className="font-medium capitalize">{m.author}</span>{' '}
          <span className="text-xs text-slate-500">{when(m.at)}</span>
          <br />
          {m.body}
        </p>
      ))}
      {open && (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (message.trim()) send.mutate(message.trim());
          }}
        >
          <input
            aria-label="Reply"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={5000}
            placeholder="Write to the mediator and the other party"
            className="flex-1 rounded border px-2 py-1"
          />
          <Button type="submit" disabled={send.isPending || message.trim() === ''} variant="dark" size="sm">
            Send
          </Button>
        </form>
      )}
    </div>
  );
}
