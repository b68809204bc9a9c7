// The wizard's form as the owner fills it: kept as entered text (the draft), checked against the API's own contract
// before sending, and turned into the API's form on submit.
import { TRADE_IN_CONDITIONS, TradeInDraftSchema, TradeInEvaluateBodySchema, type TradeInDraft } from '@app/shared';
import type { TradeInForm } from '../api/trade-in';

export const STEPS = ['Vehicle Info', 'Photos', 'Review', 'Ownership', 'Results'] as const;
export const CONDITION_LABELS: Record<(typeof TRADE_IN_CONDITIONS)[number], string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

export const EMPTY_DRAFT: TradeInDraft = {
  step: 1,
  vin: '',
  mileage: '',
  condition: '',
  trim: '',
  exteriorColor: '',
  interiorColor: '',
  notes: '',
  photos: [],
  hasLien: false,
  titlePhotos: [],
  lienholderName: '',
  payoffAmount: '',
  payoffPerDiem: '',
  payoffValidDate: '',
  lienholderContact: '',
  lienholderAddress: '',
};

/** Step 1's Continue: VIN, mileage and condition filled. */
export const vehicleFilled = (d: Pick<TradeInDraft, 'vin' | 'mileage' | 'condition'>) =>
  d.vin.trim() !== '' && d.mileage.trim() !== '' && d.condition !== '';

const text = (s: string) => (s.trim() === '' ? undefined : s.trim());

export function toForm(d: TradeInDraft): TradeInForm {
  return {
    vin: d.vin,
    mileage: d.mileage,
    condition: d.condition as TradeInForm['condition'],
    trim: text(d.trim),
    exteriorColor: text(d.exteriorColor),
    interiorColor: text(d.interiorColor),
    notes: text(d.notes),
    photos: d.photos,
    hasLien: d.hasLien,
    titlePhotos: d.titlePhotos,
    ...(d.hasLien
      ? {
          lienholderName: text(d.lienholderName),
          payoffAmount: text(d.payoffAmount),
          payoffPerDiem: text(d.payoffPerDiem),
          payoffValidDate: text(d.payoffValidDate),
          lienholderContact: text(d.lienholderContact),
          lienholderAddress: text(d.lienholderAddress),
        }
      : {}),
  };
}

/**
 * The form's resolver schema: a draft passes when what it would send passes the API's contract. Each refusal is put
 * on its top-level field (a title photo's type on `titlePhotos`), where the step shows it.
 */
export const DraftFormSchema = TradeInDraftSchema.superRefine((draft, ctx) => {
  const checked = TradeInEvaluateBodySchema.safeParse(toForm(draft));
  if (checked.success) return;
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
});
