import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InitiateDisputeBodySchema } from '@app/shared';
import type { Dispute } from '../api/escrow-steps';

/** The dispute body without the transaction, which the page adds. */
const DisputeFormSchema = InitiateDisputeBodySchema.omit({ transactionId: true, evidenceDocumentIds: true });

export function DisputeForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit(d: Dispute, evidence: File[]): void;
  onCancel(): void;
}) {
  const [evidence, setEvidence] = useState<File[]>([]);
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(DisputeFormSchema),
    defaultValues: { disputeType: 'condition', description: '' },
  });
  const description = useWatch({ control, name: 'description' });
  return (
    <form
      onSubmit={handleSubmit((d) => onSubmit(d, evidence))}
      className="mt-4 space-y-3 rounded-lg border bg-white p-4 text-sm"
    >
      <label className="block">
        What is wrong?
        <select {...register('disputeType')} className="ml-2 rounded border px-2 py-1">
          <option value="condition">Not as described</option>
          <option value="documents">Documents</option>
          <option value="delivery">Delivery</option>
          <option value="payment">Payment</option>
        </select>
      </label>
      <label className="block">
        Describe the problem
        <textarea
          {...register('description')}
          required
          maxLength={5000}
          rows={3}
          className="mt-1 w-full rounded border px-2 py-1"
        />
      </label>
      <label className="block">
        Evidence (PDF, PNG or JPEG, optional)
        <input
          type="file"
          multiple
          accept="application/pdf,image/png,image/jpeg"
          onChange={(e) => setEvidence([...(e.target.files ?? [])].slice(0, 10))}
          className="mt-1 block"
        />
      </label>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={pending || description.trim() === ''}
          className="rounded-lg bg-red-600 px-3 py-1.5 font-semibold text-white disabled:opacity-50"
        >
          Open dispute
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg border px-3 py-1.5">
          Cancel
        </button>
      </div>
    </form>
  );
}
