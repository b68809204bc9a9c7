// Escrow: the transaction page for buyer and seller, live notices of its steps, and the fee schedule the sale is
// settled by (breakdown, calculator, the points the pricing and terms pages list).
export { TransactionPage } from './components/transaction-page';
export { CurrentSaleFees, FeesLoading } from './components/fee-breakdown';
export { useFeeSchedule } from './hooks/use-fee-schedule';
export { FeeCalculator } from './components/fee-calculator';
export { FeeSchedulePoints } from './components/fee-schedule-points';
export { useEscrowNotices } from './hooks/use-escrow-notices';
