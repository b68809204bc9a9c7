// Escrow: the transaction page for buyer and seller, live notices of its steps, and the fee schedule the sale is
// settled by (breakdown, calculator, the points the pricing and terms pages list).
export { TransactionPage } from './components/transaction-page';
export { FeeBreakdown } from './components/fee-breakdown';
export { FeeCalculator } from './components/fee-calculator';
export { FeeSchedulePoints } from './components/fee-schedule-points';
export { useEscrowNotices } from './hooks/use-escrow-notices';
