// The wizard's form as the owner fills it: kept as entered text (the draft), turned into the API's form on submit.
import { TRADE_IN_CONDITIONS, type TradeInDraft } from '@app/shared';
import type { TradeInForm } from '../api/trade-in';

export const STEPS = ['Vehicle Info', 'Photos', 'Review', 'Ownership', 'Results'] as const;
export const CONDITION_LABELS: Record<(typeof TRADE_IN_CONDITIONS)[number], string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Poor' };

export const EMPTY_DRAFT: TradeInDraft = {
  step: 1, vin: '', mileage: '', condition: '', trim: '', exteriorColor: '', interiorColor: '', notes: '', photos: [],
  hasLien: false, titlePhotos: [], lienholderName: '', payoffAmount: '', payoffPerDiem: '', payoffValidDate: '',
  lienholderContact: '', lienholderAddress: '',
};

/** Step 1's Continue: VIN, mileage and condition filled. */
export const vehicleFilled = (d: TradeInDraft) => d.vin.trim() !== '' && d.mileage.trim() !== '' && d.condition !== '';

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
