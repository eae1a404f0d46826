/**
 * Chinese and Japanese set no space against their own quotation brackets 「」『』 (a full-width bracket already
 * carries its spacing): "「手數」超出允許範圍", never "「手數」 超出允許範圍". Checked in every namespace of both.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const CJK = ['hk', 'jp'];
const STRAY = /[」』]\s|\s[「『]/;

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

export const strayBracketSpaces = (lang: string): string[] =>
  readdirSync(join(ROOT, lang))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      strings(JSON.parse(readFileSync(join(ROOT, lang, f), 'utf8')), '', [])
        .filter(([, s]) => STRAY.test(s))
        .map(([k, s]) => `${lang}/${f} ${k}: ${s}`),
    );

describe('CJK quotation brackets', () => {
  it('the check sees a stray space', () => {
    expect(STRAY.test('「手數」 超出允許範圍。')).toBe(true);
    expect(STRAY.test('請填寫 「金額」。')).toBe(true);
    expect(STRAY.test('「手數」超出允許範圍。')).toBe(false);
  });
  it.each(CJK)('%s has no space against 「」『』', (lang) => {
    expect(strayBracketSpaces(lang)).toEqual([]);
  });
});
