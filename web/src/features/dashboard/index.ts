// The signed-in user's dashboard: tiles, My Active Bids (live Leading / Outbid) and My Listed Cars, all from their data.
export { DashboardPage } from './components/dashboard-page';
