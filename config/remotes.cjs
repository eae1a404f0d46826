/**
 * The remotes, in one place: the build, the release tools and registry, the server's /ops/remotes page, the lint
 * boundaries and the host's route table all read this list. Adding a remote starts here. CommonJS so that both the
 * ESM tools and the CommonJS registry load it as is; `remotes.mjs` re-exports it for ESM and TypeScript callers.
 */
const REMOTES = /** @type {const} */ (['mf-markets', 'mf-orders', 'mf-funds', 'mf-account', 'mf-support']);

module.exports = { REMOTES };
