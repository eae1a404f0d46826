/**
 * A page started from the shell's head at once (the app-shell model, composed as a stream): the last copy of the
 * page this worker cached is cut at `BOOT_MARK` (`@meridian/shared/pure`); what is before it — the shell's head as
 * built, the same for every page of a host version — is answered at once, and the network's page from its mark on
 * (this request's hints, boot data and prices) follows when it arrives. The browser commits the page and runs the
 * shell's code (async, and its start waits for the boot data) during the round trip, instead of after it.
 *
 * Only when the head's scripts are this worker's own precached files: after a host release, a cached head names
 * files the new worker no longer has, and the page is fetched whole, as before. The network's part that never comes
 * (offline, or slower than the pages' timeout) is replaced by the cached copy's, so the app starts offline with the
 * last quotes as before. Pure helpers here, tested alone (compose.test.ts); sw.ts wires the handler.
 */
import { BOOT_MARK } from '@meridian/shared/pure';

/** The page cut at its mark: the shell's head and the server's part; null without a mark. */
export function splitPage(html: string): { head: string; rest: string } | null {
  const at = html.indexOf(BOOT_MARK);
  if (at < 0) return null;
  return { head: html.slice(0, at), rest: html.slice(at) };
}

/** The same-origin scripts a head loads (`<script … src=…>`), as paths. */
export function headScripts(head: string, origin: string): string[] {
  const out: string[] = [];
  for (const m of head.matchAll(/<script\b[^>]*\bsrc=("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const src = m[2] ?? m[3] ?? m[4] ?? '';
    try {
      const url = new URL(src, origin);
      if (url.origin !== origin) return [];
      out.push(url.pathname);
    } catch {
      return [];
    }
  }
  return out;
}

/** The response headers a composed page carries: the cached page's (its CSP allows the same boot script). */
export function composedHeaders(cached: Headers): Headers {
  const headers = new Headers();
  cached.forEach((v, k) => {
    const key = k.toLowerCase();
    // The body is a new stream: no length, no encoding of the old one.
    if (key !== 'content-length' && key !== 'content-encoding') headers.set(k, v);
  });
  headers.set('Cache-Control', 'no-cache');
  return headers;
}

export type ComposeSources = {
  /** The cached page's head and server part (see {@link splitPage}). */
  cached: { head: string; rest: string; headers: Headers };
  /** The network's page (navigation preload or a fetch), or a rejection/timeout. */
  network: Promise<Response>;
  /** Called with the network's whole page when it came (to keep as the next start's copy). */
  keep?: (html: string, response: Response) => void;
};

/**
 * The composed response: the cached head now, then the network's part from its mark; the cached part when the
 * network fails, answers without a mark or with an error status.
 */
export function composePage({ cached, network, keep }: ComposeSources): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(cached.head));
      let rest = cached.rest;
      try {
        const response = await network;
        if (response.ok) {
          const html = await response.text();
          const parts = splitPage(html);
          if (parts) {
            rest = parts.rest;
            keep?.(html, response);
          }
        }
      } catch {
        // Offline or too slow: the last copy's part (the quotes of the last visit); the app says it is offline.
      }
      controller.enqueue(encoder.encode(rest));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: composedHeaders(cached.headers) });
}
