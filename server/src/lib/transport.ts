/**
 * Answers made before (or instead of) a route: a request Node cannot parse (headers or URL over the limit, a broken
 * request line), a URL Fastify's router refuses (a path parameter over the limit, bad escapes), a multipart body that
 * cannot be read. Each is the envelope `{code, msg, data}` in the caller's language with a fitting HTTP status, so a
 * client never meets a raw framework answer (nor one that echoes the URL back).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import { envelope } from './envelope';
import type { I18n } from './i18n';
import { requestLanguage } from './i18n';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** The `lang` header of a request Node could not parse, read from its raw bytes when they hold it. */
function sniffLanguage(raw: unknown): Language {
  const text = Buffer.isBuffer(raw) ? raw.subarray(0, 64 * 1024).toString('latin1') : '';
  const m = /\r\nlang:[ \t]*([A-Za-z-]{1,10})/i.exec(text);
  return requestLanguage(m?.[1]);
}

/** Fastify's `clientErrorHandler`: Node's parser refused the request; answer the envelope on the raw socket. */
export function clientErrorHandler(i18n: I18n) {
  return (err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const lang = sniffLanguage(err.rawPacket);
    const status =
      err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify(
      status === 431
        ? envelope(ERROR_CODES.payloadTooLarge, i18n.t(lang, 'error.tooLarge'), null)
        : envelope(ERROR_CODES.badRequest, i18n.t(lang, 'error.badRequest'), null),
    );
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** Fastify's `frameworkErrors`: the router refused the URL (a path parameter too long, a bad escape). */
export function frameworkErrors(i18n: I18n) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const lang = requestLanguage(req.headers.lang);
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void reply.code(414).send(envelope(ERROR_CODES.payloadTooLarge, i18n.t(lang, 'error.tooLarge'), null));
      return;
    }
    void reply.code(400).send(envelope(ERROR_CODES.badRequest, i18n.t(lang, 'error.badRequest'), null));
  };
}

const MULTIPART_ERROR =
  /^(Multipart: |Boundary required|Unexpected end of|Malformed part header|Part terminated early|Unsupported Content-Type|Missing Content-Type)/;

/** A multipart body the parser could not read (no boundary, truncated, mismatched): the client's fault, 400. */
export function isMultipartParseError(err: Error, req: FastifyRequest): boolean {
  const type = String(req.headers['content-type'] ?? '');
  return type.toLowerCase().startsWith('multipart/') && MULTIPART_ERROR.test(err.message);
}
