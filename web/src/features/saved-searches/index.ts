// Saved searches: "Save this search" on /auctions, and the dashboard's list of them with their live matches.
export { SaveSearchButton } from './components/save-search-button';
export { SavedSearchesPanel } from './components/saved-searches-panel';
