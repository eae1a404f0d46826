/** Types of ./registry.cjs (the remote registry shared by `npm run mf` and the server). */
export declare const REMOTES: readonly string[]; // from ./remotes.cjs

/** `contract`: the range of @meridian/shared the version's build was made against (recorded at publish). */
export type RegistryVersion = { version: string; hash: string; builtAt?: string; contract?: string };
export type RegistryHistory = {
  at: string;
  action: string;
  from: string | null;
  to: string;
  note?: string;
  by?: string;
};
export type RegistryEntry = {
  current: string | null;
  versions: RegistryVersion[];
  history: RegistryHistory[];
};
export type RegistryFile = { remotes: Record<string, RegistryEntry | undefined> };
export type SetCurrentResult = { version: string; changed: boolean; from: string | null };

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
  setCurrent(remote: string, version?: string, options?: { action?: string; by?: string }): SetCurrentResult;
  setCurrentAsync(
    remote: string,
    version?: string,
    options?: { action?: string; by?: string },
  ): Promise<SetCurrentResult>;
};

export declare function createRegistry(dist: string): Registry;
export declare function hashDir(dir: string): string;
export declare function assertRemote(remote: string): void;
/** Versions a rollback may go to (each current before the present one), the default first. */
export declare function rollbackTargets(entry: RegistryEntry | undefined): string[];
/** The package that is the contract between the host and the remotes. */
export declare const CONTRACT_PACKAGE: string;
/** The contract range a remote build recorded in its mf-manifest.json; null when none. */
export declare function contractOfBuild(dir: string): string | null;
/** Whether a host serving contract `version` can run a remote built against `range` (unknown: yes). */
export declare function contractServes(version: string | null, range: string | null): boolean;
