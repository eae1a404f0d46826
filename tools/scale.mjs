#!/usr/bin/env node
/**
 * `npm run scale`: two API nodes for real. A private redis-server, two server processes on one PostgreSQL schema of
 * their own, and a small reverse proxy (http-proxy-3, HTTP and WebSocket, round-robin over the live nodes) in front.
 * Runs until Ctrl-C. `npm run scale -- --test` runs the Playwright scale spec (e2e/scale) against it, prints the
 * figures and stops everything (exit code: the spec's). See docs/ops.md#scale-out-and-health.
 *
 * Ports: SCALE_PORT (default 8090) the proxy, +1 and +2 the nodes, +9 Redis. PostgreSQL: SCALE_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), schema scale_<run> dropped at the end (`--keep` keeps it).
 * The proxy also answers, to loopback clients only, the drill controls the spec uses:
 *   GET  /__scale/state                  nodes (name, port, alive), redis (port, alive), schema
 *   POST /__scale/kill?node=a|b          SIGKILL a node        POST /__scale/start?node=a|b   start it again
 *   POST /__scale/redis/stop             SIGKILL Redis         POST /__scale/redis/start      start it again
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import { ROOT } from './lib/paths.mjs';
import { ensureRedisServer } from './lib/redis-server.mjs';
// Run with the tsx loader (`node --import tsx tools/scale.mjs`, as `npm run scale` does): the harness is TypeScript.
import harness from '../server/scripts/child-server.ts';

const args = process.argv.slice(2);
const TEST = args.includes('--test');
const KEEP = args.includes('--keep');
const BASE = Number(process.env.SCALE_PORT ?? 8090);
const PG_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUN = `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`;
const SCHEMA = `scale_${RUN}`;
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-scale-'));
const FIGURES = path.join(WORK, 'figures.json');
const SERVER_DIR = path.join(ROOT, 'server');
const LEASE_TTL_MS = process.env.LEASE_TTL_MS ?? '3000';

const redis = { port: BASE + 9, proc: null, alive: false };
const nodes = [
  { name: 'a', port: BASE + 1, server: null, alive: false },
  { name: 'b', port: BASE + 2, server: null, alive: false },
];
const { spawnServer, waitHealthy: serverHealthy } = harness;
const log = (...m) => console.log('[scale]', ...m);

function startRedis() {
  redis.proc = spawn(
    'redis-server',
    ['--port', String(redis.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  redis.alive = true;
  const proc = redis.proc;
  proc.on('exit', () => {
    if (redis.proc === proc) redis.alive = false;
  });
}

async function stopRedis() {
  const proc = redis.proc;
  if (!proc || proc.exitCode !== null) return;
  const gone = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await gone;
  redis.alive = false;
}

/** A node: the one child-process harness of the server (server/scripts/child-server.ts), its output in a log file. */
async function startNode(n) {
  const out = fs.openSync(path.join(WORK, `node-${n.name}.log`), 'a');
  const server = await spawnServer(
    {
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATA_DIR: path.join(WORK, `data-${n.name}`),
      DATABASE_URL: PG_URL,
      DATABASE_SCHEMA: SCHEMA,
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      TRUST_PROXY: 'true',
      LEASE_TTL_MS,
      // Every spec user comes from 127.0.0.1.
      RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '100',
    },
    { port: n.port, output: out },
  );
  n.server = server;
  n.alive = true;
  server.proc.on('exit', () => {
    if (n.server === server) n.alive = false;
  });
}

async function killNode(n) {
  if (!n.server) return;
  await n.server.kill9();
  n.alive = false;
}

async function waitHealthy(n, ms = 120_000) {
  await serverHealthy(n.server, ms).catch((e) => {
    throw new Error(
      `node ${n.name}: ${e.message.split('\n')[0]}; see ${path.join(WORK, `node-${n.name}.log`)}`,
    );
  });
}

// ---- the proxy: round-robin over live nodes, HTTP and WebSocket ----

const proxy = createProxyServer({ xfwd: true, ws: true });
let turn = 0;
function pick() {
  const live = nodes.filter((n) => n.alive);
  if (live.length === 0) return null;
  turn = (turn + 1) % live.length;
  return live[turn];
}
const unavailable = (res) => {
  if (res.headersSent) return res.end();
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 1008, msg: 'no API node available', data: null }));
};
proxy.on('error', (_err, _req, res) => {
  if (res && typeof res.writeHead === 'function') unavailable(res);
  else res?.destroy?.();
});

const loopback = (req) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');

async function control(req, res) {
  const url = new URL(req.url, 'http://x');
  const answer = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (!loopback(req)) return answer(403, { error: 'loopback only' });
  const node = nodes.find((n) => n.name === url.searchParams.get('node'));
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /__scale/state') {
    return answer(200, {
      nodes: nodes.map(({ name, port, alive }) => ({ name, port, alive })),
      redis: { port: redis.port, alive: redis.alive },
      proxy: BASE,
      schema: SCHEMA,
      databaseUrl: PG_URL,
      figures: FIGURES,
      leaseTtlMs: Number(LEASE_TTL_MS),
    });
  }
  if (route === 'POST /__scale/kill' && node) {
    await killNode(node);
    return answer(200, { killed: node.name });
  }
  if (route === 'POST /__scale/start' && node) {
    if (!node.alive) await startNode(node);
    await waitHealthy(node);
    return answer(200, { started: node.name });
  }
  if (route === 'POST /__scale/redis/stop') {
    await stopRedis();
    return answer(200, { redis: 'stopped' });
  }
  if (route === 'POST /__scale/redis/start') {
    if (!redis.alive) startRedis();
    return answer(200, { redis: 'started' });
  }
  return answer(404, { error: 'unknown control' });
}

const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/__scale/')) {
    control(req, res).catch((e) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(e?.message ?? e) }));
    });
    return;
  }
  const n = pick();
  if (!n) return unavailable(res);
  res.setHeader('x-served-by', n.name);
  proxy.web(req, res, { target: `http://127.0.0.1:${n.port}` });
});
server.on('upgrade', (req, socket, head) => {
  const n = pick();
  if (!n) return socket.destroy();
  proxy.ws(req, socket, head, { target: `ws://127.0.0.1:${n.port}` });
});

// ---- lifecycle ----

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  server.close();
  proxy.close?.();
  await Promise.all(nodes.map(killNode));
  await stopRedis();
  if (!KEEP) {
    const require = createRequire(path.join(SERVER_DIR, 'package.json'));
    const pg = require('pg');
    const c = new pg.Client({ connectionString: PG_URL });
    await c
      .connect()
      .then(() => c.query(`drop schema if exists "${SCHEMA}" cascade`))
      .catch(() => undefined)
      .finally(() => c.end().catch(() => undefined));
  }
  log(`logs in ${WORK}`);
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** A port something else already listens on would make a node or Redis fail in ways that read like a bug: say so. */
function portTaken(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(false)));
  });
}
const taken = [];
for (const port of [BASE, redis.port, ...nodes.map((n) => n.port)])
  if (await portTaken(port)) taken.push(port);
if (taken.length > 0) {
  console.error(
    `[scale] port(s) ${taken.join(', ')} already in use: stop what listens there, or set SCALE_PORT`,
  );
  process.exit(1);
}

await ensureRedisServer();
startRedis();
// One node migrates the new schema first, then the other joins.
await startNode(nodes[0]);
await waitHealthy(nodes[0]).catch((e) => {
  console.error(`[scale] ${e.message}`);
  return stopAll(1);
});
await startNode(nodes[1]);
await waitHealthy(nodes[1]).catch((e) => {
  console.error(`[scale] ${e.message}`);
  return stopAll(1);
});
await new Promise((r) => server.listen(BASE, '127.0.0.1', r));
log(`proxy http://127.0.0.1:${BASE} -> nodes a :${nodes[0].port}, b :${nodes[1].port}; redis :${redis.port}`);
log(`PostgreSQL ${PG_URL} schema ${SCHEMA}; logs in ${WORK}`);

if (TEST) {
  const started = Date.now();
  const pw = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '-c',
      'playwright.scale.config.ts',
    ],
    {
      cwd: path.join(ROOT, 'e2e'),
      env: { ...process.env, SCALE_URL: `http://127.0.0.1:${BASE}` },
      stdio: 'inherit',
    },
  );
  const code = await new Promise((r) => pw.on('exit', (c) => r(c ?? 1)));
  if (fs.existsSync(FIGURES)) {
    const f = JSON.parse(fs.readFileSync(FIGURES, 'utf8'));
    log('figures:');
    for (const [k, v] of Object.entries(f)) log(`  ${k}: ${v}`);
  }
  log(`scale run ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await stopAll(code);
} else {
  log('running; Ctrl-C stops the nodes, Redis and the proxy');
}
