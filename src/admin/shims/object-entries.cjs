// Stands in for the `object.entries` polyfill that node-polyglot (react-admin's translations) requires: every
// browser the console supports has Object.entries (ES2017), and the polyfill brought about 8 KB of gzip JavaScript
// (get-intrinsic, define-properties ...) into the console's first screen. vite.admin.config.ts aliases it here.
module.exports = Object.entries;
