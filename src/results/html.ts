/** Pages written from results escape their text with the one escape of the project (src/core/escape.ts). */
export { escapeHtml } from '../core/escape.js';
