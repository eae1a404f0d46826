/**
 * Static files with the caching rules of the release model (server/README.md, "Layout and wiring"; versioned remote folders are immutable):
 * - STATIC_DIR/host/ at `/`: index.html (for `/` and as the SPA fallback, with its boot data: ./boot) and
 *   un-hashed files `no-cache`;
 *   hashed assets (`name.0123abcd.ext`) `public, max-age=31536000, immutable`.
 * - STATIC_DIR/remotes/<remote>/<version>/... at `/remotes/...`: versioned folders, immutable.
 * - STATIC_DIR/remotes.json at `/remotes.json`: read fresh from disk on every request (a CLI rewrites it live).
 * Pre-compressed `.br` / `.gz` siblings written by the build are served to clients that accept them.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { MarketData } from '../markets';
import { renderIndex, sendHtml } from './boot';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

const HASHED = /\.[0-9a-f]{8}\./i;
/** Paths that never fall back to the SPA index. */
const NON_SPA_PREFIXES = ['/api', '/v1', '/remotes', '/healthz', '/metrics', '/dev'];

export function isHashedAsset(file: string): boolean {
  return HASHED.test(path.basename(file));
}

function hasPrefix(p: string, prefix: string): boolean {
  return p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(`${prefix}.`);
}

/** Resolve `rel` inside `root`, or null when it escapes the root or is not a regular file. */
function safeFile(root: string, rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, `.${path.posix.sep}${decoded}`);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

/** Register the static routes on the root instance; returns the handler for host files and the SPA fallback. */
export function registerStatic(
  app: FastifyInstance,
  opts: { ctx: AppContext; staticDir: string; market: MarketData },
): (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  const hostDir = path.resolve(opts.staticDir, 'host');
  const remotesDir = path.resolve(opts.staticDir, 'remotes');
  const registryFile = path.resolve(opts.staticDir, 'remotes.json');

  // Only for reply.sendFile (range, etag, content type); routing stays ours.
  // preCompressed: the build writes .br/.gz siblings; they are sent when the client accepts them (Vary set).
  void app.register(fastifyStatic, {
    root: opts.staticDir,
    serve: false,
    cacheControl: false,
    etag: true,
    preCompressed: true,
  });

  const sendFrom = (reply: FastifyReply, root: string, full: string, cacheControl: string) => {
    reply.header('Cache-Control', cacheControl);
    return reply.sendFile(path.relative(root, full), root, { cacheControl: false });
  };

  app.get('/remotes.json', async (_req, reply) => {
    let body: string;
    try {
      body = await fs.promises.readFile(registryFile, 'utf8');
    } catch {
      return reply.code(404).header('Cache-Control', NO_CACHE).type('text/plain').send('Not Found');
    }
    return reply.header('Cache-Control', NO_CACHE).type('application/json; charset=utf-8').send(body);
  });

  app.get('/remotes/*', async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const full = safeFile(remotesDir, req.params['*'] ?? '');
    if (!full) return reply.code(404).type('text/plain').send('Not Found');
    return sendFrom(reply, remotesDir, full, IMMUTABLE);
  });

  // Host files and the SPA fallback; called by the not-found handler for GET/HEAD outside the API.
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = (req.url.split('?')[0] ?? '/').split('#')[0] ?? '/';
    if (NON_SPA_PREFIXES.some((p) => hasPrefix(urlPath, p))) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    const rel = urlPath.replace(/^\/+/, '');
    if (rel !== '' && rel !== 'index.html') {
      const full = safeFile(hostDir, rel);
      if (full) return sendFrom(reply, hostDir, full, isHashedAsset(full) ? IMMUTABLE : NO_CACHE);
      if (path.posix.extname(rel) !== '') return reply.code(404).type('text/plain').send('Not Found');
    }
    const index = safeFile(hostDir, 'index.html');
    if (!index) return reply.code(404).type('text/plain').send('Not Found');
    const template = await fs.promises.readFile(index, 'utf8');
    const html = await renderIndex(opts.ctx, req, {
      template,
      registryFile,
      remotesDir,
      market: opts.market,
    });
    return sendHtml(req, reply, html);
  };
}
