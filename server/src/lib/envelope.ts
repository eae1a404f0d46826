/** The response envelope of every /api and /v1/api call (docs/messages.md): `{ code, msg, data }`. */
import { CODE_OK } from '@meridian/shared/pure';
import type { Envelope } from '@meridian/shared/pure';

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, data };
}

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODE_OK, msg, data };
}

/** True for paths that answer envelopes (the API), false for static files and pages. */
export function isApiPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url === '/v1' ||
    url.startsWith('/v1/') ||
    url.startsWith('/v1?')
  );
}
