// Saved searches: a member's named /auctions filters, and the notices of newly approved listings they find.
export { deleteSavedSearch, listSavedSearches, saveSearch } from './saved-searches.js';
export { savedSearchDrafts } from './match-notices.js';
export { savedSearchMatchesEndingSoon } from './digest-matches.js';
