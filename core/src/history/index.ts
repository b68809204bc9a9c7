// Vehicle history reports: the provider interface, the platform's own provider, the cache.
export { type HistoryProvider, HistoryUnavailable } from './history-provider.js';
export { HistoryReports, chooseHistoryProvider } from './history-reports.js';
