/**
 * Release health of the remotes (docs/ops.md#release-health): the public surface for other modules. The canary's
 * automatic abort reads a version's health here; the routes (routes.ts) take the host's beacons and answer the
 * back office.
 */
export { liveHealth, versionHealth } from './health';
export type { VersionHealth } from './health';
