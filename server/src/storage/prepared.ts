/**
 * Queries built and compiled once, then run with new values. Kysely builds, freezes and compiles every query afresh
 * (on an order submit, about a fifth of the server's CPU went to it), while the SQL of a hot query never changes,
 * only its values do. A prepared query is built with a placeholder in place of every value it is given; the compiled
 * SQL is kept per database (so per dialect) and per shape of the arguments, and each run binds the values where the
 * placeholders were, through the same executor as any other query (the caller's transaction or connection, SQLite's
 * statement cache). Both dialects, the same SQL as the builder makes.
 *
 *   const userById = prepared((db, a: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', a.id));
 *   const user = await userById.first(trx, { id: 7 });
 *
 * The arguments are one plain object. Its plain objects and arrays are structure (rows of a multi-row insert, the
 * list of an `in`), everything else is a value. The shape — which keys are given (Kysely leaves a column whose value
 * is undefined out of an insert), the lengths of arrays — picks the compiled query, so a different shape is simply
 * another one (built once too). A builder must depend on the arguments only through values and shape (no branch on
 * what a value is, only on whether it is given), and must not put a value into the SQL text itself: a placeholder
 * that ends up anywhere but among the parameters is refused when the query is first built.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

type Q = Kysely<Database>;

/** The most shapes of one query kept compiled per database. */
const MAX_SHAPES = 1000;

/** Where a value goes until the query runs. */
class Slot {
  constructor(readonly index: number) {}
  toString(): never {
    throw new Error('prepared query: an argument was used as SQL text, not as a value');
  }
}

/** How a parameter of the compiled query is filled: from the n-th value of the arguments, or a constant of it. */
type Plan = { compiled: CompiledQuery; sources: (number | { value: unknown })[] };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === 'object' &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

const isStructure = (v: unknown): boolean => Array.isArray(v) || isPlainObject(v);

/** The values of the arguments in order (into `values`), and their shape as a text. */
function collect(arg: unknown, values: unknown[]): string {
  if (Array.isArray(arg)) {
    let shape = `[${arg.length}`;
    for (const x of arg) shape += collect(x, values);
    return `${shape}]`;
  }
  if (isPlainObject(arg)) {
    let shape = '{';
    for (const key in arg) {
      const v = arg[key];
      if (v !== undefined) shape += `${key}:${collect(v, values)},`;
    }
    return `${shape}}`;
  }
  values.push(arg);
  return '';
}

/** The arguments with each value replaced by its placeholder, numbered in the order `collect` takes them. */
function placeholders(arg: unknown, next: { n: number }): unknown {
  if (Array.isArray(arg)) return arg.map((x) => placeholders(x, next));
  if (isPlainObject(arg)) {
    const out: Record<string, unknown> = {};
    for (const key in arg) {
      const v = arg[key];
      if (v !== undefined) out[key] = placeholders(v, next);
    }
    return out;
  }
  return new Slot(next.n++);
}

export type Prepared<A, O> = {
  /** The whole result (rows, and for writes the number of rows affected). */
  execute(db: Q, args: A): Promise<QueryResult<O>>;
  rows(db: Q, args: A): Promise<O[]>;
  first(db: Q, args: A): Promise<O | undefined>;
};

/** A query compiled once per database and shape of its arguments (see above). */
export function prepared<A extends object, O>(build: (db: Q, args: A) => Compilable<O>): Prepared<A, O> {
  // Per database (its adapter: one per Kysely instance, shared by its transactions), then per shape.
  const plans = new WeakMap<object, Map<string, Plan>>();

  const planFor = (db: Q, args: A, shapeKey: string): Plan | undefined => {
    const { adapter } = db.getExecutor();
    let byShape = plans.get(adapter);
    if (!byShape) plans.set(adapter, (byShape = new Map()));
    let plan = byShape.get(shapeKey);
    if (plan) return plan;
    // Shapes are few (an `in` list of every length up to its bound at most): past that, nothing more is kept.
    if (byShape.size >= MAX_SHAPES) return undefined;
    const compiled = build(db, placeholders(args, { n: 0 }) as A).compile();
    const sources = compiled.parameters.map((p) => {
      if (p instanceof Slot) return p.index;
      if (isStructure(p)) throw new Error('prepared query: a structured value among the parameters');
      return { value: p };
    });
    plan = { compiled, sources };
    byShape.set(shapeKey, plan);
    return plan;
  };

  const execute = (db: Q, args: A): Promise<QueryResult<O>> => {
    // A database with plugins transforms each query and its result by query: built afresh there.
    if (db.getExecutor().plugins.length > 0) return db.executeQuery(build(db, args));
    const values: unknown[] = [];
    const plan = planFor(db, args, collect(args, values));
    if (!plan) return db.executeQuery(build(db, args));
    const { compiled, sources } = plan;
    const parameters = new Array<unknown>(sources.length);
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i] as number | { value: unknown };
      parameters[i] = typeof s === 'number' ? values[s] : s.value;
    }
    return db.executeQuery<O>({
      query: compiled.query,
      queryId: compiled.queryId,
      sql: compiled.sql,
      parameters,
    } as CompiledQuery<O>);
  };

  return {
    execute,
    rows: async (db, args) => (await execute(db, args)).rows,
    first: async (db, args) => (await execute(db, args)).rows[0],
  };
}
