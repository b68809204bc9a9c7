// Rows that have outlived their purpose, deleted in batches.
export { runHousekeeping } from './housekeeping.js';
