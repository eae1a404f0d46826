/**
 * One value per parameter, on every call: a repeated parameter (`status=1&status=0`), an array- or object-shaped one
 * (`status[]=1`, `{"status":[1]}`) is refused with 1001 before validation and before any handler runs, so a client bug
 * can never be read as a different order or amount. Registered once on the root instance: every route inherits it.
 * A route that really takes a list names it: `{ config: { lists: ['roles'] } }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './envelope';
import { ValidationError } from './validate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Parameters of this route that may be given as a list (everything else must be one plain value). */
    lists?: readonly string[];
  }
}

const refuse = (field: string) => new ValidationError([{ field, key: 'v.invalid', params: { field } }]);

function checkFields(fields: unknown, lists: readonly string[]): void {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields) || Buffer.isBuffer(fields))
    return;
  const record = fields as Record<string, unknown>;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    if (key.includes('[') || key.includes(']')) throw refuse(key.replace(/\[.*$/, '') || 'input');
    const value = record[key];
    if (value !== null && typeof value === 'object' && !lists.includes(key)) throw refuse(key);
  }
}

/** Keys named more than once in a query string. */
export function repeatedKey(query: string): string | undefined {
  const seen = new Set<string>();
  let start = 0;
  while (start < query.length) {
    let end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    if (end > start) {
      const eq = query.indexOf('=', start);
      let key = query.slice(start, eq >= 0 && eq < end ? eq : end);
      // Only an escaped key needs decoding (most never are).
      if (key.includes('%') || key.includes('+')) {
        try {
          key = decodeURIComponent(key.replace(/\+/g, ' '));
        } catch {
          // An undecodable key is compared as sent.
        }
      }
      if (seen.has(key)) return key;
      seen.add(key);
    }
    start = end + 1;
  }
  return undefined;
}

export function checkParams(req: FastifyRequest): void {
  if (!isApiPath(req.url)) return;
  const lists = req.routeOptions.config?.lists ?? [];
  const q = req.url.indexOf('?');
  if (q >= 0) {
    const dup = repeatedKey(req.url.slice(q + 1));
    if (dup !== undefined && !lists.includes(dup)) throw refuse(dup);
  }
  checkFields(req.query, lists);
  checkFields(req.body, lists);
}

export function registerParamGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => checkParams(req));
}
