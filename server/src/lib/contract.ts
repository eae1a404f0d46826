/**
 * Response schemas: every route declares the shape of what it answers, as a zod schema tied at compile time to the
 * wire contract of @meridian/shared/pure (`contract<T>()`), so the schema, the server's code and the clients agree by
 * construction. At run time (tests and development, `checkResponses`) every answer is checked against its schema
 * before it is sent: a response that drifts from the contract answers 500 and fails the test that made it.
 *
 *   app.get('/v1/api/forex/close', { schema: { response: okResponse(orderViewSchema) } }, handler)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODE_OK } from '@meridian/shared/pure';

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A schema whose output is exactly `T`: `contract<OrderView>()(z.strictObject({...}))` fails to compile when a field
 * is missing, extra or of another type.
 */
export const contract =
  <T>() =>
  <S extends z.ZodType>(
    schema: S & (Exact<z.output<S>, T> extends true ? unknown : { contractMismatch: [z.output<S>, T] }),
  ): S =>
    schema;

/** The texts of the wire: exact prices, USD with 6 decimals (micro) or 2 (cents), UTC times; epoch ms as numbers. */
export const wire = {
  price: z.string().regex(/^\d+(?:\.\d+)?$/),
  micros: z.string().regex(/^-?\d+\.\d{6}$/),
  cents: z.string().regex(/^-?\d+\.\d{2}$/),
  time: z.string().regex(/^(?:\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/),
  ms: z.number().int().min(0),
};

/**
 * The envelope of a call whose success carries `data`; refusals (HTTP 200, code != 1) carry null. An issue inside
 * `data` keeps its path (`data.Price`), so a drift names the field.
 */
export function envelopeOf<S extends z.ZodType>(data: S) {
  return z
    .strictObject({ code: z.number().int(), msg: z.string(), data: z.unknown() })
    .superRefine((env, ctx) => {
      const r = (env.code === CODE_OK ? data : z.null()).safeParse(env.data);
      if (r.success) return;
      for (const issue of r.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['data', ...issue.path] });
      }
    });
}

/** `schema.response` of a route answering an envelope with `data` (HTTP 200; errors keep their own status). */
export function okResponse<S extends z.ZodType>(data: S) {
  return { 200: envelopeOf(data) };
}

/** Route options declaring only the answer: `app.get(url, answers(userSchema), handler)`. */
export function answers<S extends z.ZodType>(data: S) {
  return { schema: { response: okResponse(data) } };
}

export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

/**
 * Serialise answers with JSON.stringify (as without a schema) and, when `check`, validate them first. Set once on
 * the root instance; every route's `schema.response` entries must be zod schemas.
 */
export function registerResponseSchemas(app: FastifyInstance, check: boolean): void {
  app.setSerializerCompiler(({ schema, url, method }) => {
    const zod = schema as z.ZodType;
    if (!check) return (data) => JSON.stringify(data);
    return (data) => {
      const r = zod.safeParse(data);
      if (!r.success) {
        throw new ResponseContractError(
          `${method} ${url}: the answer does not match its response schema: ${z.prettifyError(r.error)}`,
        );
      }
      return JSON.stringify(data);
    };
  });
}
