/**
 * Every `t('…')` key in this remote's source exists in the English `account`, `accountOps`, `notifications` (or
 * `common`) file. The locales test
 * checks that every language has every English key; this closes the loop from the code's side, so a key used but
 * never written cannot ship as raw text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SRC = join(__dirname, '..');
const LOCALES = join(__dirname, '..', '..', '..', 'locales', 'en');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function keysOf(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === 'object'
      ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

const known = new Set([
  ...keysOf(JSON.parse(readFileSync(join(LOCALES, 'account.json'), 'utf8')) as Record<string, unknown>),
  ...keysOf(JSON.parse(readFileSync(join(LOCALES, 'common.json'), 'utf8')) as Record<string, unknown>),
  // The ops pages read their own namespace, shipped beside `account`.
  ...keysOf(JSON.parse(readFileSync(join(LOCALES, 'accountOps.json'), 'utf8')) as Record<string, unknown>),
  // The notification centre reads what each kind says from `notifications`, shipped beside `account` too.
  ...keysOf(JSON.parse(readFileSync(join(LOCALES, 'notifications.json'), 'utf8')) as Record<string, unknown>),
]);

it('every translation key used in mf-account exists in English', () => {
  const missing: string[] = [];
  for (const file of files(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt[c]?\('([\w.]+)'/g)) {
      if (!known.has(m[1]!)) missing.push(`${file.slice(SRC.length + 1)}: ${m[1]}`);
    }
  }
  expect(missing).toEqual([]);
});
