// The repo explains itself: comments and package docs point at docs/*.md (or say the reason), never at a section
// of a document outside the repo ("spec §5", "ARCHITECTURE §4") or at an issue number a newcomer cannot open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
]);
const EXT = /\.(ts|tsx|mjs|cjs|js|md)$/;
const FOREIGN = /\b[Ss]pec (?:section )?§|\b[Ss]pec section \d|ARCHITECTURE §|\(issue \d+|\bissue \d+ item\b/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (EXT.test(name)) yield path;
  }
}

test('no comment or package doc cites a section of a document outside the repo, or an issue', () => {
  const self = fileURLToPath(import.meta.url);
  const hits = [];
  for (const path of files(root)) {
    if (path === self) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (FOREIGN.test(line)) hits.push(`${relative(root, path)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  assert.deepEqual(hits, [], `point these at docs/*.md or give the reason:\n${hits.join('\n')}`);
});

test('the pattern bites', () => {
  assert.ok(FOREIGN.test('/** The ticket (spec §5). */'));
  assert.ok(FOREIGN.test('// see ARCHITECTURE §4'));
  assert.ok(FOREIGN.test(' * Price books (issue 4 item 4).'));
  assert.ok(!FOREIGN.test('/** The ticket (docs/rules.md). */'));
});
