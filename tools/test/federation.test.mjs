// Guards on the hand-made federation pieces (config/provide-runtime-core.mjs and the curated react-i18next entry):
// an upgrade that breaks them fails here, with the reason, instead of breaking remotes at run time. Run by `npm run
// unit`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireFrom = (dir) => createRequire(path.join(dir, 'noop.js'));

/** The folder of an installed package, found from its entry (some packages do not export package.json). */
function packageDir(name, fromDir) {
  let dir = path.dirname(requireFrom(fromDir).resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).name === name) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package folder for ${name}`);
    dir = up;
  }
}
const versionOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

const tools = packageDir('@module-federation/runtime-tools', ROOT);
const mf = {
  enhanced: packageDir('@module-federation/enhanced', ROOT),
  'runtime-tools': tools,
  runtime: packageDir('@module-federation/runtime', tools),
  'runtime-core': packageDir('@module-federation/runtime-core', tools),
  'webpack-bundler-runtime': packageDir('@module-federation/webpack-bundler-runtime', tools),
};
const provider = await import(pathToFileURL(path.join(ROOT, 'config/provide-runtime-core.mjs')).href);

test('@module-federation is the version config/provide-runtime-core.mjs was checked against', () => {
  for (const [name, dir] of Object.entries(mf)) {
    assert.equal(
      versionOf(dir),
      provider.CHECKED_WITH,
      `@module-federation/${name} is ${versionOf(dir)}, but config/provide-runtime-core.mjs was checked against ` +
        `${provider.CHECKED_WITH}: the remotes read runtime-core members from the host (externalRuntime), so check ` +
        'that its PROVIDED list still holds every member the new runtime imports, then update CHECKED_WITH.',
    );
  }
});

test('the host provides every runtime-core member the remotes read', async () => {
  // The remotes' runtime is @module-federation/runtime (through the bundler runtime); with externalRuntime its
  // imports from runtime-core become reads of the host's object.
  const read = new Set();
  for (const pkg of ['runtime', 'webpack-bundler-runtime', 'runtime-tools']) {
    const dist = path.join(mf[pkg], 'dist');
    for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(dist, file), 'utf8');
      for (const m of text.matchAll(
        /import\s*\{([^}]*)\}\s*from\s*["']@module-federation\/runtime-core["']/g,
      )) {
        for (const name of m[1].split(',')) {
          const local = name.trim().split(/\s+as\s+/)[0];
          if (local) read.add(local);
        }
      }
    }
  }
  assert.ok(read.size > 5, 'found no imports from runtime-core: the packages changed their layout');
  const missing = [...read].filter((n) => !provider.PROVIDED_MEMBERS.includes(n));
  assert.deepEqual(
    missing,
    [],
    `remotes read ${missing.join(', ')} from runtime-core, which config/provide-runtime-core.mjs does not provide`,
  );
  const core = await import('@module-federation/runtime-tools/runtime-core');
  const absent = provider.PROVIDED_MEMBERS.filter((n) => core[n] === undefined);
  assert.deepEqual(absent, [], `runtime-core no longer exports ${absent.join(', ')}`);
});

/** The react-i18next the curated entry's dist/es paths were checked with. */
const REACT_I18NEXT_CHECKED_WITH = '17.1.13';

test('the curated react-i18next entry still reaches real modules and names', () => {
  const entry = fs.readFileSync(path.join(ROOT, 'config/shared-entries/react-i18next.mjs'), 'utf8');
  const pkg = packageDir('react-i18next', path.join(ROOT, 'host'));
  assert.equal(
    versionOf(pkg),
    REACT_I18NEXT_CHECKED_WITH,
    `react-i18next is ${versionOf(pkg)}, but config/shared-entries/react-i18next.mjs reaches into the dist/es of ` +
      `${REACT_I18NEXT_CHECKED_WITH}: check its paths and names (the rest of this test lists what moved), then ` +
      'update REACT_I18NEXT_CHECKED_WITH.',
  );
  const exported = [];
  for (const m of entry.matchAll(/export\s*\{([^}]*)\}\s*from\s*'react-i18next\/(dist\/es\/[^']+)'/g)) {
    const file = path.join(pkg, m[2]);
    assert.ok(
      fs.existsSync(file),
      `react-i18next ${versionOf(pkg)} has no ${m[2]}: config/shared-entries/react-i18next.mjs must follow its new layout`,
    );
    const text = fs.readFileSync(file, 'utf8');
    for (const raw of m[1].split(',')) {
      const name = raw.trim();
      if (!name) continue;
      exported.push(name);
      const found =
        new RegExp(`export\\s+(?:const|let|var|function|class)\\s+${name}\\b`).test(text) ||
        new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(text);
      assert.ok(found, `react-i18next ${versionOf(pkg)}: ${m[2]} no longer exports ${name}`);
    }
  }
  assert.ok(exported.length >= 5, 'the curated entry re-exports nothing from dist/es: its layout changed');
  // ESLint lets apps import exactly these names (eslint.config.mjs, allowImportNames).
  const eslint = fs.readFileSync(path.join(ROOT, 'eslint.config.mjs'), 'utf8');
  const allowed = /allowImportNames:\s*\[([^\]]*)\]/
    .exec(eslint)?.[1]
    .match(/'([^']+)'/g)
    ?.map((s) => s.slice(1, -1));
  assert.deepEqual(
    [...(allowed ?? [])].sort(),
    [...exported].sort(),
    'eslint allowImportNames and the entry differ',
  );
});

test("the pure-annotation loader still finds React Router's unannotated calls and displayName lines", () => {
  const loader = requireFrom(ROOT)(path.join(ROOT, 'config/loaders/pure-react-calls.cjs'));
  const dom = packageDir('react-router-dom', path.join(ROOT, 'host'));
  const dir = path.join(packageDir('react-router', dom), 'dist/production');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'));
  const source = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const out = loader(source);
  const marked = (out.match(/\/\* @__PURE__ \*\/ React\d*\.(forwardRef|createContext|memo)\(/g) ?? []).length;
  const before = (source.match(/\/\* @__PURE__ \*\/ React\d*\.(forwardRef|createContext|memo)\(/g) ?? [])
    .length;
  // Link, NavLink and Form are forwardRef calls; the router's contexts are createContext calls.
  assert.ok(marked - before >= 10, `react-router's layout changed: only ${marked - before} calls annotated`);
  assert.match(
    source,
    /^Link\.displayName = "Link";$/m,
    'react-router no longer sets displayName at top level',
  );
  assert.doesNotMatch(out, /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/m);
  // Nothing but annotations and those lines changes.
  assert.equal(
    out.replace(/\/\* @__PURE__ \*\/ /g, '').replace(/\n+/g, '\n'),
    source
      .replace(/\/\* @__PURE__ \*\/ /g, '')
      .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
      .replace(/\n+/g, '\n'),
  );
});
