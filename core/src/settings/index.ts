// Marketplace settings: reading them (a missing row is its default), changing them with an audit row.
export { settingsWithAudit, updateSettings } from './marketplace-settings.js';
export { readSettings } from './read-settings.js';
