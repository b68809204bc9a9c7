import { formatMoney, type BidAlert } from '@app/shared';

export const TYPE_LABELS: Record<BidAlert['alertType'], string> = {
  outbid: 'Outbid',
  priceTarget: 'Price target',
  timeRemaining: 'Time remaining',
  endingSoon: 'Ending soon',
};

export function describe(a: BidAlert): string {
  switch (a.alertType) {
    case 'priceTarget':
      return `When the bid reaches ${formatMoney(a.settings.priceTarget ?? '0')}`;
    case 'timeRemaining':
      return `${a.settings.timeThreshold} minutes before the end`;
    case 'endingSoon':
      return 'In the last 5 minutes';
    case 'outbid':
      return 'When someone outbids you';
  }
}
