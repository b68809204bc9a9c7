// The fee schedule a sale is settled by, as the marketplace settings give it: the breakdown of one sale (buy-now,
// payment), the calculator and the points the pricing and terms pages list.
export { useFeeSchedule } from './use-fee-schedule';
export { CurrentSaleFees, FeeBreakdown, FeesLoading } from './components/fee-breakdown';
export { FeeCalculator } from './components/fee-calculator';
export { FeeSchedulePoints } from './components/fee-schedule-points';
