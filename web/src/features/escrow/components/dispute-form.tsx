import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InitiateDisputeBodySchema } from '@app/shared';
import type { Dispute } from '../api/escrow-steps';
import { Button, Field, Select, Textarea } from '../../../components/ui';

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
      <Field label="What is wrong?">
        <Select {...register('disputeType')}>
          <option value="condition">Not as described</option>
          <option value="documents">Documents</option>
          <option value="delivery">Delivery</option>
          <option value="payment">Payment</option>
        </Select>
      </Field>
      <Field label="Describe the problem">
        <Textarea {...register('description')} required maxLength={5000} rows={3} />
      </Field>
      <Field label="Evidence (PDF, PNG or JPEG, optional)">
        <input
          type="file"
          multiple
          accept="application/pdf,image/png,image/jpeg"
          onChange={(e) => setEvidence([...(e.target.files ?? [])].slice(0, 10))}
          className="block"
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || description.trim() === ''} variant="danger" size="sm">
          Open dispute
        </Button>
        <Button onClick={onCancel} variant="outline" size="sm">
          Cancel
        </Button>
      </div>
    </form>
  );
}
