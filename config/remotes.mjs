/**
 * The remotes, in one place: the build, the release tools, the lint boundaries and the host's route table all read
 * this list. Adding a remote starts here.
 */
export const REMOTES = /** @type {const} */ ([
  'mf-markets',
  'mf-orders',
  'mf-funds',
  'mf-account',
  'mf-support',
]);
