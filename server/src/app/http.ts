/**
 * Everything HTTP that is not a module's: CORS for allowed origins, security headers, body parsers, the generic
 * success sentence, response and parameter checks, the central error mapping into the envelope, and the not-found
 * answer (an envelope under /api, the host page for the SPA's paths).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { AmountOutOfRangeError, ERROR_CODES } from '@meridian/shared/pure';
import type { Config } from '../config';
import type { I18n } from '../lib/i18n';
import { requestLanguage } from '../lib/i18n';
import { AppError } from '../lib/errors';
import { envelope, isApiPath } from '../lib/envelope';
import { fieldLabel, issueMessage, ValidationError } from '../lib/validate';
import { registerParamGuard } from '../lib/params';
import { originAllowed } from '../lib/origins';
import { isMultipartParseError } from '../lib/transport';
import { ResponseContractError, registerResponseSchemas } from '../lib/contract';
import { BOOT_SCRIPT_CSP } from '../modules/static/boot';
import { MAX_UPLOAD_BYTES } from '../modules/uploads';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // index.html's one inline script (the translations preloader), by its hash.
  scriptSrc: ["'self'", BOOT_SCRIPT_CSP],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers helmet sets (and removes) with these options, worked out once: none of them depends on the request,
 * and building helmet's middleware on every request (as @fastify/helmet does) was about 5 % of an order submit's CPU.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): {
  set: readonly (readonly [string, string])[];
  remove: readonly string[];
} {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`security header ${name}: not a fixed text`);
      set.push([name, value]);
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set, remove };
}

export function registerHttp(app: FastifyInstance, config: Config, i18n: I18n): void {
  app.decorateRequest('lang', 'hk');
  app.decorateRequest('user', null);
  app.decorateRequest('ops', null);

  app.addHook('onRequest', async (req, reply) => {
    req.lang = requestLanguage(req.headers.lang);
    const origin = req.headers.origin;
    if (origin && isApiPath(req.url) && originAllowed(origin, req.headers.host, config.allowedOrigins)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        reply.header(
          'Access-Control-Allow-Headers',
          'lang, authorization, content-type, token, x-ops-passive',
        );
        reply.header('Access-Control-Max-Age', '600');
        return reply.code(204).send();
      }
    }
    return undefined;
  });

  // Security headers on every answer (after the CORS preflight above, which answers without them).
  const security = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: config.nodeEnv === 'production' ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of security.set) res.setHeader(name, value);
    for (const name of security.remove) res.removeHeader(name);
    done();
  });
  void app.register(formbody, { bodyLimit: 64 * 1024 });
  void app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      parts: 12,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });

  // Success envelopes built without a sentence get the generic one in the caller's language.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const p = payload as { code?: unknown; msg?: unknown } | null;
    if (p && typeof p === 'object' && p.code === 1 && p.msg === 'success') {
      return { ...p, msg: i18n.t(req.lang, 'common.success') };
    }
    return payload;
  });

  registerResponseSchemas(app, config.checkResponses);
  registerParamGuard(app);
  app.setErrorHandler((err: FastifyError | AppError | ValidationError | Error, req, reply) =>
    handleError(i18n, err, req, reply),
  );
}

/** Not found: an envelope under /api, else the host's files and the SPA page for GET/HEAD (`serveHost`). */
export function registerNotFound(
  app: FastifyInstance,
  i18n: I18n,
  serveHost: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url)) {
      return reply.code(404).send(envelope(ERROR_CODES.notFound, i18n.t(req.lang, 'error.notFound'), null));
    }
    if (req.method === 'GET' || req.method === 'HEAD') return serveHost(req, reply);
    return reply.code(404).type('text/plain').send('Not Found');
  });
}

export function handleError(
  i18n: I18n,
  err: FastifyError | AppError | ValidationError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const t = i18n.t;
  const lang = req.lang ?? requestLanguage(req.headers.lang);
  if (err instanceof AppError) {
    if (err.httpStatus === 429) reply.header('Retry-After', String(err.params.seconds ?? 60));
    const params =
      typeof err.params.field === 'string'
        ? { ...err.params, field: fieldLabel(i18n, lang, err.params.field) }
        : err.params;
    return reply.code(err.httpStatus).send(envelope(err.code, t(lang, err.key, params), null));
  }
  if (err instanceof ValidationError) {
    const first = err.issues[0];
    const msg = issueMessage(i18n, lang, first);
    return reply.code(200).send(envelope(first?.code ?? ERROR_CODES.validation, msg, null));
  }
  if (err instanceof AmountOutOfRangeError) {
    // The numbers each passed their own range but their product does not fit an exact amount: refuse, never crash.
    const msg = issueMessage(i18n, lang, { field: 'input', key: 'v.outOfRange', params: {} });
    return reply.code(200).send(envelope(ERROR_CODES.validation, msg, null));
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    return reply.code(200).send(envelope(ERROR_CODES.validation, issueMessage(i18n, lang, undefined), null));
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  // More than one file is not "too large" (however small they are): an upload carries one file.
  if (fe.code === 'FST_FILES_LIMIT') {
    return reply.code(200).send(envelope(ERROR_CODES.badUpload, t(lang, 'upload.oneFile'), null));
  }
  if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_PARTS_LIMIT') {
    return reply.code(413).send(envelope(ERROR_CODES.payloadTooLarge, t(lang, 'error.tooLarge'), null));
  }
  if (status === 429) {
    return reply
      .code(429)
      .send(envelope(ERROR_CODES.rateLimited, t(lang, 'error.rateLimited', { seconds: 60 }), null));
  }
  if ((status >= 400 && status < 500) || isMultipartParseError(err, req)) {
    // Malformed body, unsupported content type, bad multipart: a transport-level problem of the request.
    return reply
      .code(status >= 400 && status < 500 ? status : 400)
      .send(envelope(ERROR_CODES.badRequest, t(lang, 'error.badRequest'), null));
  }
  if (err instanceof ResponseContractError) {
    // Only with checkResponses (tests, development): say which field drifted, so the failing test shows it.
    req.log.error({ err }, 'response contract');
    return reply.code(500).send(envelope(ERROR_CODES.internal, err.message, null));
  }
  req.log.error({ err }, 'unexpected error');
  return reply.code(500).send(envelope(ERROR_CODES.internal, t(lang, 'error.internal'), null));
}
