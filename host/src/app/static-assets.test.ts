/**
 * Every static file the product names by path (`/icons/news.png` on the seeded news, the page's icons, the manifest's)
 * is a file of host/public, which the build copies to the site's root, folders included: a picture that answers 404
 * is caught here, not on a phone. Paths built at run time (`/v1/api/forex/logo/${code}.svg`) are the server's.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PUBLIC = path.join(ROOT, 'host', 'public');
const SOURCES = [
  'host/src',
  'shared/src',
  'server/src',
  'mf-markets/src',
  'mf-orders/src',
  'mf-funds/src',
  'mf-account/src',
  'mf-support/src',
];
/** A root-relative path to a picture or icon, written whole in a string. */
const ASSET = /["'`](\/[\w./-]+\.(?:png|svg|ico|jpe?g|webp|gif))["'`]/g;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx?|html|json)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

function referenced(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [
    ...SOURCES.flatMap((d) => sourceFiles(path.join(ROOT, d))),
    path.join(PUBLIC, 'index.html'),
    path.join(PUBLIC, 'manifest.json'),
  ];
  for (const file of files)
    for (const m of fs.readFileSync(file, 'utf8').matchAll(ASSET))
      if (!m[1]!.startsWith('/api/') && !m[1]!.startsWith('/v1/'))
        found.set(m[1]!, path.relative(ROOT, file));
  return found;
}

describe('static assets', () => {
  it('every picture the code names by path is shipped in host/public', () => {
    const refs = referenced();
    // The seeded news picture and the page icons are among them (the scan itself works).
    expect([...refs.keys()]).toEqual(
      expect.arrayContaining(['/icons/news.png', '/icon.svg', '/icon-192.png']),
    );
    const missing = [...refs]
      .filter(([p]) => !fs.existsSync(path.join(PUBLIC, p)))
      .map(([p, by]) => `${p} (${by})`);
    expect(missing).toEqual([]);
  });
});
