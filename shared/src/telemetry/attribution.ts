/**
 * Which remote version an error belongs to, and what of it may leave the device: one implementation for the host
 * (before anything is sent) and the server (before anything is stored). A remote's files are served from
 * `/remotes/<remote>/<version>/`, so a stack frame or a chunk URL names the remote and the version that ran.
 * Pure: no DOM, no React.
 */
import { TELEMETRY_LIMITS } from '../contract/telemetry';

/** A published version as the registry writes it: `<UTC date>-<UTC time>-<content hash>`. */
export const REMOTE_VERSION_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6,64}$/;

/** A remote file in a URL or a stack line: remote, version, file, line, column (query and origin skipped). */
const REMOTE_FILE =
  /\/remotes\/(mf-[a-z][a-z-]{0,29})\/([0-9A-Za-z._-]{1,64})\/([\w.~-]{1,120})(?:\?[^\s:)]*)?:(\d{1,7}):(\d{1,7})/;
/** The same without a position (a chunk URL in a load error's message). */
const REMOTE_URL = /\/remotes\/(mf-[a-z][a-z-]{0,29})\/([0-9A-Za-z._-]{1,64})\//;
/** The function of a stack line: `at name (` (V8), `name@` (Firefox, Safari), `name (` (a frame reduced here). */
const FUNCTION_NAME =
  /(?:\bat\s+(?:async\s+)?([\w$.<>[\]-]{1,80})\s+\(|^\s*([\w$.<>[\]-]{1,80})@|^([\w$.<>[\]-]{1,80}) \()/;

export type RemoteFrame = { remote: string; version: string; frame: string };

/**
 * The first stack line that runs in a remote's files, reduced to the function name and the path within the
 * remote's folder (`Page (/remotes/mf-orders/<version>/12.js:1:345)`): no origin, no query. Null when no line does.
 */
export function remoteFrame(stack: string | null | undefined): RemoteFrame | null {
  if (!stack) return null;
  for (const line of stack.slice(0, 20_000).split('\n', 60)) {
    const m = REMOTE_FILE.exec(line);
    if (!m) continue;
    const [, remote = '', version = '', file = '', row = '', col = ''] = m;
    const fn = FUNCTION_NAME.exec(line);
    const name = fn?.[1] ?? fn?.[2] ?? fn?.[3];
    const where = `/remotes/${remote}/${version}/${file}:${row}:${col}`;
    const frame = name ? `${name} (${where})` : where;
    return { remote, version, frame: frame.slice(0, TELEMETRY_LIMITS.frame) };
  }
  return null;
}

/** The remote and version named by the first remote URL in `text` (a chunk's URL in a load error), or null. */
export function remoteOfUrl(text: string | null | undefined): { remote: string; version: string } | null {
  const m = text ? REMOTE_URL.exec(text.slice(0, 20_000)) : null;
  return m?.[1] && m[2] ? { remote: m[1], version: m[2] } : null;
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const URL_ORIGIN = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s/'"`)]+/gi;
const QUERY_OR_HASH = /(\/[^\s?#'"`)]*)[?#][^\s'"`)]*/g;
const LONG_NUMBER = /\d{6,}/g;
// eslint-disable-next-line no-control-regex -- control characters are what this removes (NUL breaks PostgreSQL text)
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;

/**
 * An error message with the personal parts taken out, on one line without control characters, at most
 * `TELEMETRY_LIMITS.message` long: no origin or query of any URL (a query may hold a token or an e-mail), no e-mail
 * address, no long number (a uid, an account), no token-like string. A remote's own path
 * (`/remotes/<remote>/<version>/…`) stays as it is.
 */
export function cleanMessage(message: unknown): string {
  const text = (typeof message === 'string' ? message : String(message ?? ''))
    .slice(0, 4000)
    .replace(CONTROL, ' ')
    .replace(URL_ORIGIN, '')
    .replace(QUERY_OR_HASH, '$1');
  const words = text.split(/\s+/).filter(Boolean);
  const clean = words.map((w) => {
    if (EMAIL.test(w)) return '[email]';
    if (w.includes('/remotes/')) return w;
    return w.replace(LONG_NUMBER, '[n]').replace(TOKEN_LIKE, '[id]');
  });
  return clean.join(' ').slice(0, TELEMETRY_LIMITS.message);
}

/**
 * Whether an error is code that could not be loaded rather than code that failed: webpack's ChunkLoadError, the
 * federation runtime's load errors (`#RUNTIME-0xx`), the host's page timeout, the browsers' failed `import()`.
 */
export function isLoadFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (?:CSS )?chunk \S+ failed|#RUNTIME-0\d\d|timed out after \d+ ms|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      message,
    )
  );
}
