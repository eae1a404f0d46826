/**
 * What the logs may hold: never a token, password, code or ID number. Headers carrying credentials and body-like
 * fields are redacted by path (pino `redact`), and a logged URL has the values of sensitive query parameters masked,
 * so whatever a handler or Fastify logs, a secret does not reach the log.
 */
import type { FastifyRequest } from 'fastify';

/** Field names whose values are secrets wherever they appear (bodies, queries, logged objects). */
export const SECRET_FIELDS = [
  'password',
  'authorization',
  'new_password',
  'old_password',
  're_password',
  'secondary_password',
  'auth_code',
  'sms_code',
  'token',
  'card_id',
  'secret',
  'otpauth_uri',
  // Web Push: a subscription's endpoint is a capability URL and `auth` its secret; the VAPID private key.
  'endpoint',
  'auth',
  'privateKey',
] as const;

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'err.detail',
  'err.parameters',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
];

// In a URL, `code` and `key` are secrets too (elsewhere `code` is an error's or envelope's code, kept readable).
const SECRET_QUERY = new RegExp(`([?&](?:${[...SECRET_FIELDS, 'code', 'key'].join('|')})=)[^&#]*`, 'gi');

/** A URL with the values of sensitive query parameters replaced by `[Redacted]`. */
export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/** Fastify's request serializer, with the URL masked. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: maskUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
  };
}
