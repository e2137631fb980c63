// Paging: following `_links` page by page (pages.ts), checking a page query as the server does
// (query.ts), and reading and making paging tokens (token.ts).
export * from './pages.js';
export * from './query.js';
export * from './token.js';
