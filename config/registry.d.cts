/** Types of ./registry.cjs (the remote registry shared by `npm run mf` and the server). */
export declare const REMOTES: readonly string[]; // from ./remotes.cjs

/** `contract`: the range of @meridian/shared the version's build was made against (recorded at publish). */
export type RegistryVersion = { version: string; hash: string; builtAt?: string; contract?: string };
/**
 * One change: `release`, `rollback`, `promote`, `auto_rollback` made `to` current; `canary` sent `to` to `percent` %
 * of devices; `abort` / `auto_abort` ended the canary `from` (every device back on `to`, the current version).
 */
export type RegistryHistory = {
  at: string;
  action: string;
  from: string | null;
  to: string;
  note?: string;
  by?: string;
  percent?: number;
  /** The figures that decided an automatic change (`auto_abort`, `auto_rollback`): OpsReleaseCheck. */
  check?: unknown;
};
/** A canary: `version` on `percent` % of devices (sticky per device) since `since` (ISO time), started by `by`. */
export type RegistryCanary = { version: string; percent: number; since: string; by?: string };
export type RegistryEntry = {
  current: string | null;
  versions: RegistryVersion[];
  history: RegistryHistory[];
  canary?: RegistryCanary;
};
export type RegistryFile = { remotes: Record<string, RegistryEntry | undefined> };
export type SetCurrentResult = { version: string; changed: boolean; from: string | null };
export type CanaryResult = {
  version: string;
  percent: number;
  changed: boolean;
  /** The canary before (the same version at another share), or null when this one starts it. */
  before: RegistryCanary | null;
};
/** `version`: current after the change; `canary`: the canary that ended. */
export type CanaryEndResult = { version: string; from?: string | null; canary: RegistryCanary };
type SetCurrentOptions = { action?: string; by?: string; expectCurrent?: string; check?: unknown };
type AbortOptions = {
  by?: string;
  action?: 'abort' | 'auto_abort';
  expectVersion?: string;
  check?: unknown;
};

export type Registry = {
  file: string;
  dist: string;
  readRegistry(): RegistryFile;
  writeRegistry(reg: RegistryFile): void;
  isOnline(remote: string, version: string): boolean;
  /** The contract version the deployed host serves (dist/host/contract.json); null without one. */
  hostContract(): string | null;
  publish(
    remote: string,
    buildDir: string,
    options?: { note?: string; makeCurrent?: boolean },
  ): { version: string; reused: boolean };
  rollback(remote: string, version?: string): SetCurrentResult;
  setCurrent(remote: string, version?: string, options?: SetCurrentOptions): SetCurrentResult;
  setCurrentAsync(remote: string, version?: string, options?: SetCurrentOptions): Promise<SetCurrentResult>;
  startCanary(remote: string, version: string, percent: unknown, options?: { by?: string }): CanaryResult;
  startCanaryAsync(
    remote: string,
    version: string,
    percent: unknown,
    options?: { by?: string },
  ): Promise<CanaryResult>;
  promote(remote: string, options?: { by?: string }): CanaryEndResult;
  promoteAsync(remote: string, options?: { by?: string }): Promise<CanaryEndResult>;
  abort(remote: string, options?: AbortOptions): CanaryEndResult;
  abortAsync(remote: string, options?: AbortOptions): Promise<CanaryEndResult>;
};

export declare function createRegistry(dist: string): Registry;
export declare function hashDir(dir: string): string;
export declare function assertRemote(remote: string): void;
/** Versions a rollback may go to (each current before the present one), the default first. */
export declare function rollbackTargets(entry: RegistryEntry | undefined): string[];
/** Whether a history row made its `to` current (a canary's rows did not). */
export declare function changesCurrent(h: Pick<RegistryHistory, 'action'> | undefined): boolean;
/** A canary's share: a whole number 1–99 (number or digits), else an Error saying so. */
export declare function parseCanaryPercent(value: unknown): number;
/** The package that is the contract between the host and the remotes. */
export declare const CONTRACT_PACKAGE: string;
/** The contract range a remote build recorded in its mf-manifest.json; null when none. */
export declare function contractOfBuild(dir: string): string | null;
/** Whether a host serving contract `version` can run a remote built against `range` (unknown: yes). */
export declare function contractServes(version: string | null, range: string | null): boolean;
