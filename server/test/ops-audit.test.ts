/**
 * The audit log is append-only in both storage modes: the database refuses UPDATE and DELETE (and TRUNCATE on
 * PostgreSQL) on it, and no code path in the server writes one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { appendAudit } from '../src/modules/ops/audit';
import { createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';

/**
 * The message of a refused query. Not `rejects.toThrow`: better-sqlite3's native part is loaded once per Jest
 * worker, so its errors can come from another test file's realm and fail `instanceof Error` here.
 */
const refusal = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'no refusal',
    (e: unknown) => String((e as { message?: unknown })?.message ?? e),
  );

describe.each(MODES)('audit log (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(() => t.close());

  it('takes new rows and refuses to change or remove any', async () => {
    const db = t.app.ctx.db;
    await appendAudit(db, {
      action: 'test.append',
      objectType: 'thing',
      objectId: 7,
      before: { a: 1 },
      after: { a: 2 },
      actor: { id: null, email: 'tester', roles: 'admin' },
      ip: '127.0.0.1',
      at: 1,
    });
    const row = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'test.append')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.summary)).toEqual({ before: { a: 1 }, after: { a: 2 } });

    expect(
      await refusal(db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', row.id).execute()),
    ).toMatch(/append-only/);
    expect(await refusal(db.deleteFrom('audit_log').where('id', '=', row.id).execute())).toMatch(
      /append-only/,
    );
    expect(await refusal(sql`delete from audit_log`.execute(db))).toMatch(/append-only/);
    if (mode === 'postgres')
      expect(await refusal(sql`truncate audit_log`.execute(db))).toMatch(/append-only/);
    const still = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual(row);
  });
});

describe('no code path changes the audit log', () => {
  const SRC = path.join(__dirname, '..', 'src');
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .filter((f) => f.endsWith('.ts'));
  const FORBIDDEN = [
    /updateTable\(\s*['"`]audit_log/,
    /deleteFrom\(\s*['"`]audit_log/,
    /replaceInto\(\s*['"`]audit_log/,
    /\b(update|delete\s+from|truncate(\s+table)?)\s+"?audit_log\b/i,
    /dropTable\(\s*['"`]audit_log/,
    /onConflict[\s\S]{0,200}audit_log/,
  ];

  it('finds the checks able to fail on a sample', () => {
    const sample = "await db.updateTable('audit_log').set({}); sql`DELETE FROM audit_log`";
    expect(FORBIDDEN.filter((re) => re.test(sample))).toHaveLength(2);
  });

  it('finds none in server/src (outside the migration that forbids them)', () => {
    const hits: string[] = [];
    for (const file of files(SRC)) {
      if (file.endsWith(path.join('storage', 'migrations.ts'))) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const re of FORBIDDEN) if (re.test(text)) hits.push(`${path.relative(SRC, file)}: ${re}`);
    }
    expect(hits).toEqual([]);
  });
});
