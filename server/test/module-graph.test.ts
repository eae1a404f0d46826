/**
 * The server's modules depend on each other in one direction only. The file-level cycle rule of lint cannot see a
 * cycle between modules (accounts' routes importing funds while funds' service imports accounts is no file cycle),
 * so this reads every import between `src/modules/<module>/` folders and fails on any cycle, naming it. What a module
 * needs of a module that depends on it is handed in by buildApp (app.ts, the composition root).
 */
import fs from 'node:fs';
import path from 'node:path';

const MODULES = path.join(__dirname, '..', 'src', 'modules');

type Graph = Map<string, Set<string>>;

/** Every other module a module's files import (static, type-only and dynamic imports alike). */
function moduleGraph(root: string): Graph {
  const graph: Graph = new Map();
  for (const mod of fs.readdirSync(root)) {
    const dir = path.join(root, mod);
    if (!fs.statSync(dir).isDirectory()) continue;
    const deps = new Set<string>();
    const walk = (d: string) => {
      for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(p, 'utf8');
          for (const m of text.matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
            const target = path.resolve(path.dirname(p), m[1]!);
            const rel = path.relative(root, target).split(path.sep);
            if (!rel[0] || rel[0] === '..' || rel[0] === mod) continue;
            deps.add(rel[0]);
          }
        }
      }
    };
    walk(dir);
    graph.set(mod, deps);
  }
  return graph;
}

/** Each cycle once, as the path that closes it ("a → b → a"). */
export function cyclesOf(graph: Graph): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        // The same cycle from any of its nodes is reported once: start it at its smallest name.
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const norm = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.add([...norm, norm[0]].join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found].sort();
}

describe('the cycle finder', () => {
  it('finds a two-module and a three-module cycle, each once', () => {
    const g: Graph = new Map([
      ['accounts', new Set(['funds', 'notify'])],
      ['funds', new Set(['accounts'])],
      ['notify', new Set(['ops'])],
      ['ops', new Set(['notify', 'content'])],
      ['content', new Set(['notify'])],
    ]);
    expect(cyclesOf(g)).toEqual([
      'accounts → funds → accounts',
      'content → notify → ops → content',
      'notify → ops → notify',
    ]);
  });

  it('finds none in a graph that only goes one way', () => {
    const g: Graph = new Map([
      ['funds', new Set(['accounts', 'ops'])],
      ['accounts', new Set(['ops'])],
      ['ops', new Set<string>()],
    ]);
    expect(cyclesOf(g)).toEqual([]);
  });
});

describe('server modules', () => {
  it('are read: every module folder, with the imports between them', () => {
    const g = moduleGraph(MODULES);
    expect(g.size).toBeGreaterThanOrEqual(10);
    // Known one-way edges, so a reader that finds nothing cannot pass.
    expect(g.get('funds')?.has('accounts')).toBe(true);
    expect(g.get('trading')?.has('markets')).toBe(true);
  });

  it('import each other without a cycle', () => {
    expect(cyclesOf(moduleGraph(MODULES))).toEqual([]);
  });
});

/** A module file that looks up the app's platform or services instead of being handed them (`app.ctx`, `scope.services`). */
export function globalLookups(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(/\b\w+\.(ctx|services)\b(?!\s*:)/g)]
    .filter((m) => /^(app|scope|instance|fastify|server)\./.test(m[0]))
    .map((m) => m[0]);
}

function moduleFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(p);
    }
  };
  walk(root);
  return out;
}

describe('server wiring', () => {
  it('the lookup finder sees app.ctx and scope.services, not a ctx handed in', () => {
    expect(globalLookups('const ctx = app.ctx;\nconst t = scope.services.trading;')).toEqual([
      'app.ctx',
      'scope.services',
    ]);
    expect(globalLookups('async (app, { ctx }) => { ctx.db; opts.ctx; }')).toEqual([]);
    expect(globalLookups('/** built once (`app.services.ops`) */\n// app.ctx in a comment\nx();')).toEqual(
      [],
    );
  });

  it('no module reaches into the app for its platform or another module: everything is handed in', () => {
    const files = moduleFiles(MODULES);
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((f) =>
      globalLookups(fs.readFileSync(f, 'utf8')).map((hit) => `${path.relative(MODULES, f)}: ${hit}`),
    );
    expect(found).toEqual([]);
  });
});
