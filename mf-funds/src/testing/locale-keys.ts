/** The English strings of a namespace, read from locales/ (for tests that check a key a rule returns exists). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function englishKey(namespace: string, key: string): unknown {
  const file = join(__dirname, '..', '..', '..', 'locales', 'en', `${namespace}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}
