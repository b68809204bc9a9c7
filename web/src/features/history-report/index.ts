// The vehicle history report card shown on the listing page.
export { HistoryReportCard } from './components/history-report-card';
