/**
 * Release health of the remotes, from real sessions (docs/ops.md#release-health): what the host reports about each
 * remote version a tab ran (`POST /api/telemetry/remotes`, sent with `navigator.sendBeacon`), and what the back
 * office reads back per version (`GET /api/ops/remotes/health`). Nothing personal travels: no user, no token, no
 * address query; a random id of the tab (`session`) and of the device (`device`, the canary's sticky key).
 */

/** Bounds of one beacon: the server refuses anything beyond them whole (1001, nothing stored). */
export const TELEMETRY_LIMITS = {
  /** The request body, in bytes (413 / 1005 beyond). */
  bodyBytes: 16 * 1024,
  /** Remote versions in one beacon. */
  items: 10,
  /** Each counter of one item, per beacon (a tab sends every 15 s and when hidden). */
  count: 1000,
  /** Web-vital values of one item. */
  vitals: 12,
  /** Error samples of one item (the counters say how many there were). */
  errors: 5,
  /** An error's message, after the personal parts were taken out. */
  message: 200,
  /** The remote's own stack frame (`name (/remotes/<remote>/<version>/<file>.js:line:col)`). */
  frame: 300,
} as const;

/** A device id as `deviceId()` makes it (and the server accepts it): 22 base64url characters, 128 random bits. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A tab's session id as the host makes it: the same shape. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Largest value accepted per vital: LCP and INP in ms (integers), CLS a score with at most 4 decimals. */
export const VITAL_MAX = { LCP: 120_000, INP: 60_000, CLS: 100 } as const;
export type VitalName = keyof typeof VITAL_MAX;
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const satisfies readonly VitalName[];

/** What kind of failure an error sample is: caught by the remote's boundary, unhandled, or code that did not load. */
export const REMOTE_ERROR_KINDS = ['render', 'unhandled', 'chunk'] as const;
export type RemoteErrorKind = (typeof REMOTE_ERROR_KINDS)[number];

/** One error as reported: a message without personal parts, and the remote's own stack frame when there is one. */
export type RemoteErrorSample = { kind: RemoteErrorKind; message: string; frame: string | null };

/** What one tab saw of one remote version since its last beacon. */
export type RemoteHealthItem = {
  remote: string;
  version: string;
  /** Navigations into a page of this remote version. */
  loads: number;
  /** Errors the remote's error boundary caught while rendering. */
  render_errors: number;
  /** `error` and `unhandledrejection` events whose stack runs through this remote version's files. */
  unhandled_errors: number;
  /** Code of this version that could not be loaded (its entry, a chunk, a page that timed out). */
  chunk_failures: number;
  /** Core Web Vitals of the page life, each given to the remote whose route was showing. */
  vitals: { name: VitalName; value: number }[];
  errors: RemoteErrorSample[];
};

/** The body of `POST /api/telemetry/remotes` (JSON, sent as `text/plain` by sendBeacon). */
export type RemoteHealthBeacon = {
  /** Random id of the tab (`SESSION_ID_PATTERN`). */
  session: string;
  /** Random id of the device (`deviceId()`, `DEVICE_ID_PATTERN`). Checked, never stored. */
  device: string;
  items: RemoteHealthItem[];
};

/** One remote version's health over a window (`GET /api/ops/remotes/health`). */
export type OpsVersionHealth = {
  version: string;
  /** The registry's current version of this remote. */
  current: boolean;
  /** Distinct tabs that reported anything about this version in the window. */
  sessions: number;
  loads: number;
  render_errors: number;
  unhandled_errors: number;
  chunk_failures: number;
  /** Distinct tabs that saw at least one render error, unhandled error or chunk failure of this version. */
  error_sessions: number;
  /** error_sessions / sessions; null without sessions. */
  error_rate: number | null;
  /** 75th percentiles from the server's histograms (ms, ms, score); null without a value. */
  lcp_p75: number | null;
  inp_p75: number | null;
  cls_p75: number | null;
  /** The newest distinct errors, newest first. */
  last_errors: { kind: RemoteErrorKind; message: string; frame: string | null; at: number; count: number }[];
};

export type OpsRemoteHealth = {
  remote: string;
  current: string | null;
  /** Every version seen in the window, newest version first. */
  versions: OpsVersionHealth[];
};

/** The windows the page offers, in minutes. */
export const HEALTH_WINDOWS = [15, 60, 360, 1440] as const;
export type HealthWindow = (typeof HEALTH_WINDOWS)[number];

export type OpsRemotesHealth = {
  window_minutes: HealthWindow;
  /** Epoch ms: the first whole minute counted, and the server's now. */
  since: number;
  until: number;
  remotes: OpsRemoteHealth[];
};
