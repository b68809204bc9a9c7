// The documents tab: the required set and any evidence, each with its review; a party uploads while the rules allow.
import { ESCROW_REQUIRED_DOCUMENTS, type EscrowDocumentType, type EscrowTransaction } from '@app/shared';
import { uploadEscrowDocument } from '../api/escrow-steps';
import { canUpload } from '../utils/escrow-state';
import { useEscrowStep } from './use-escrow-step';

const label = (type: string) => type.replaceAll('_', ' ');

export function DocumentsPanel({ transaction: t }: { transaction: EscrowTransaction }) {
  const upload = useEscrowStep(
    t.auction.id,
    ({ type, file }: { type: EscrowDocumentType; file: File }) => uploadEscrowDocument(t, type, file),
    {
      done: 'Document Uploaded',
      failed: 'Failed to upload document',
    },
  );
  const picker = (type: EscrowDocumentType, current: string | null, text: string) =>
    canUpload(t, type, current) && (
      <label className="cursor-pointer rounded border px-2 py-1 text-xs font-semibold hover:bg-slate-50">
        {text}
        <input
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          className="sr-only"
          data-testid={`upload-${type}`}
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.mutate({ type, file });
          }}
        />
      </label>
    );
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-600">
        PDF, PNG or JPEG, at most 10 MB. The {ESCROW_REQUIRED_DOCUMENTS.map(label).join(', ')} must be verified before
        the inspection starts.
      </p>
      <ul className="space-y-2">
        {t.documents.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded border bg-white px-3 py-2"
            data-testid={`document-${d.documentType}`}
          >
            <span className="capitalize">
              {label(d.documentType)}
              {d.fileUrl && (
                <a href={d.fileUrl} className="ml-2 text-xs text-brand-600 underline">
                  view
                </a>
              )}
            </span>
            <span className="flex items-center gap-2">
              <span
                data-testid="verification"
                className={
                  d.verificationStatus === 'verified'
                    ? 'text-emerald-700'
                    : d.verificationStatus === 'rejected'
                      ? 'text-red-700'
                      : 'text-amber-700'
                }
              >
                {d.uploaded ? d.verificationStatus : 'not uploaded'}
                {d.rejectionReason && `: ${d.rejectionReason}`}
              </span>
              {d.documentType !== 'other' &&
                picker(d.documentType as EscrowDocumentType, d.verificationStatus, d.uploaded ? 'Replace' : 'Upload')}
            </span>
          </li>
        ))}
      </ul>
      {picker('other', null, 'Add another document or evidence')}
    </div>
  );
}
