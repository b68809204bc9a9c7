// Escrow: the transaction page for buyer and seller, and live notices of its steps. The fee schedule the sale is
// settled by is the fees kernel's (shared/fees).
export { TransactionPage } from './components/transaction-page';
export { useEscrowNotices } from './hooks/use-escrow-notices';
export { SaleEscrowLink } from './components/sale-escrow-link';
