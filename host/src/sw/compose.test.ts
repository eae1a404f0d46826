/**
 * @jest-environment node
 */
import { BOOT_MARK } from '@meridian/shared/pure';
import { composedHeaders, composePage, headScripts, splitPage } from './compose';

const ORIGIN = 'https://m.example';
const HEAD =
  '<!doctype html><html><head><title>Meridian</title><script async src=/main.0a1b2c3d.js></script>';
const page = (quotes: string) =>
  `${HEAD}${BOOT_MARK}<script id="meridian-boot" type="application/json">{"q":"${quotes}"}</script></head><body><div id=root></div></body></html>`;
const CACHED_HEADERS = new Headers({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "script-src 'self' 'sha256-x'",
  'content-encoding': 'br',
  'content-length': '1234',
});

async function read(res: Response, onHead?: (text: string) => void): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
    onHead?.(text);
  }
}

describe('a page composed from the cached head and the network part', () => {
  it('splits a page at its mark; a page without one is not composed', () => {
    expect(splitPage(page('old'))).toEqual({ head: HEAD, rest: page('old').slice(HEAD.length) });
    expect(splitPage('<html><head></head></html>')).toBeNull();
  });

  it("names the head's own scripts, in every attribute form; a foreign or broken one names none", () => {
    expect(headScripts(HEAD, ORIGIN)).toEqual(['/main.0a1b2c3d.js']);
    expect(
      headScripts(
        `<script defer src="/a.1.js"></script><script src='/b.2.js'></script><script>x</script>`,
        ORIGIN,
      ),
    ).toEqual(['/a.1.js', '/b.2.js']);
    expect(headScripts('<script src="https://cdn.example/x.js"></script>', ORIGIN)).toEqual([]);
    expect(headScripts('<title>x</title>', ORIGIN)).toEqual([]);
  });

  it("carries the cached page's headers, without the old body's length and encoding", () => {
    const h = composedHeaders(CACHED_HEADERS);
    expect(h.get('content-security-policy')).toBe("script-src 'self' 'sha256-x'");
    expect(h.get('content-type')).toBe('text/html; charset=utf-8');
    expect(h.get('content-encoding')).toBeNull();
    expect(h.get('content-length')).toBeNull();
    expect(h.get('cache-control')).toBe('no-cache');
  });

  it('answers the head before the network does, then the fresh part from its mark, and keeps the new page', async () => {
    let answer!: (r: Response) => void;
    const network = new Promise<Response>((resolve) => (answer = resolve));
    const kept: string[] = [];
    const res = composePage({
      cached: { ...splitPage(page('old'))!, headers: CACHED_HEADERS },
      network,
      keep: (html) => kept.push(html),
    });
    expect(res.status).toBe(200);
    let headSeen = false;
    const body = read(res, (text) => {
      if (text === HEAD) {
        headSeen = true;
        // The network answers only once the head was handed over.
        answer(new Response(page('new'), { status: 200 }));
      }
    });
    const text = await body;
    expect(headSeen).toBe(true);
    expect(text).toBe(page('new'));
    expect(kept).toEqual([page('new')]);
  });

  it('falls back to the cached part when the network fails, errs or answers a page without a mark', async () => {
    const cached = { ...splitPage(page('old'))!, headers: CACHED_HEADERS };
    const cases: Promise<Response>[] = [
      Promise.reject(new TypeError('Failed to fetch')),
      Promise.resolve(new Response(page('new'), { status: 503 })),
      Promise.resolve(new Response('<html>maintenance</html>', { status: 200 })),
    ];
    for (const network of cases) {
      const kept: string[] = [];
      const text = await read(composePage({ cached, network, keep: (html) => kept.push(html) }));
      expect(text).toBe(page('old'));
      expect(kept).toEqual([]);
    }
  });
});
