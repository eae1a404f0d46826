// The remote list for ESM and TypeScript callers; the one list is in ./remotes.cjs.
export { REMOTES } from './remotes.cjs';
