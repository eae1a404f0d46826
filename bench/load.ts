/**
 * A small HTTP load generator for the benches: `concurrency` keep-alive loops in a worker thread (so the client does
 * not share the server's event loop), each sending GETs (or form POSTs with `bodies`) for `durationMs`; returns every
 * latency and the counts. Request n takes `urls[n % len]`, `headers[n % len]` and `bodies[n % len]`.
 *
 * `warmUpMs`: the same worker first sends for that long without counting (requests sent before the measured window
 * opens are not counted, whenever they end), so what is measured is not its own start — a fresh worker's fetch is
 * interpreted and its connections are new for about its first second, which alone put ~90 ms on a few hundred
 * requests at 64 clients. Use the same warm-up for a run and its baseline.
 */
import { Worker } from 'node:worker_threads';

export type LoadResult = {
  latencies: number[];
  ok: number;
  fail: number;
  seconds: number;
  /** Answers with code 1 to the warm-up's requests (not in `ok`). */
  warmOk: number;
};

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, headers, bodies, concurrency, durationMs, warmUpMs } = workerData;
(async () => {
  const latencies = [];
  let ok = 0, fail = 0, warmOk = 0, i = 0;
  const started = performance.now() + warmUpMs;
  const end = started + durationMs;
  async function loop() {
    while (performance.now() < end) {
      const n = i++;
      const t0 = performance.now();
      const counted = t0 >= started;
      try {
        const h = headers[n % headers.length];
        const r = bodies
          ? await fetch(urls[n % urls.length], {
              method: 'POST',
              headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
              body: bodies[n % bodies.length],
            })
          : await fetch(urls[n % urls.length], { headers: h });
        const body = await r.json();
        if (!counted) {
          if (body && body.code === 1) warmOk++;
          continue;
        }
        latencies.push(performance.now() - t0);
        if (body && body.code === 1) ok++; else fail++;
      } catch {
        if (counted) fail++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop));
  parentPort.postMessage({ latencies, ok, fail, warmOk, seconds: (performance.now() - started) / 1000 });
})();
`;

export function load(opts: {
  urls: string[];
  headers?: Record<string, string>[];
  /** Form bodies (url-encoded): each request is a POST. */
  bodies?: string[];
  concurrency: number;
  durationMs: number;
  /** Sent first, from the same worker and connections, and not counted. */
  warmUpMs?: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, {
      eval: true,
      workerData: {
        urls: opts.urls,
        headers: opts.headers ?? [{}],
        bodies: opts.bodies ?? null,
        concurrency: opts.concurrency,
        durationMs: opts.durationMs,
        warmUpMs: opts.warmUpMs ?? 0,
      },
    });
    w.once('message', (m: LoadResult) => {
      void w.terminate();
      resolve(m);
    });
    w.once('error', reject);
  });
}

export function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
}
