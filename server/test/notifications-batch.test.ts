/**
 * `recordNotifications` (many notifications in a few statements, the alert evaluator's way) against
 * `recordNotification` (one at a time), in both modes: for the same input the same views item by item (none for a
 * simulated or unknown trader; a type switched off stored already read and not enabled), every returned id naming
 * the row of its own item (RETURNING's row order is not relied on), equal items each stored with an id of their
 * own, and a batch larger than one INSERT's chunk in a fixed number of statements.
 */
import type { NotificationView, PriceAlertFired } from '@meridian/shared/pure';
import type { KyselyPlugin } from 'kysely';
import { recordNotification, recordNotifications } from '../src/modules/notifications';
import type { NotificationInput, StoredNotification } from '../src/modules/notifications';
import { saveSettings } from '../src/modules/notifications/repository';
import { createDemo, createTestApp, MODES } from './helpers';
import type { TestApp } from './helpers';

const NOW = Date.UTC(2025, 0, 6, 12, 0, 0);

const alertFired = (alertId: number, userId: number): PriceAlertFired => ({
  alert: {
    id: alertId,
    forex_id: 1,
    code: 'EUR/USD',
    kind: 'price',
    side: 'bid',
    direction: 'above',
    level: '1.12',
    percent: null,
    repeat: 0,
    cooldown: 0,
    armed: 0,
    last_fired_at: NOW,
    fired_count: 1,
    created_at: NOW - userId,
    updated_at: NOW - userId,
  },
  price: 1.1201,
  change: null,
  time: NOW,
});

/** The kinds of the statements run through `db`, in order (BEGIN and COMMIT are not statements here). */
function counting() {
  const kinds: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      kinds.push(args.node.kind);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { kinds, plugin };
}

const withoutId = (s: StoredNotification | null) => {
  if (!s) return null;
  const { id: _id, ...view } = s.view;
  return { userId: s.userId, enabled: s.enabled, view };
};

describe.each(MODES)('notifications stored in a batch (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode, {}, {});
  });
  afterAll(() => t.close());

  const rowsOf = (ids: number[]) =>
    t.app.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', 'in', ids.length > 0 ? ids : [-1])
      .execute();

  /** The stored row of each view, as the view says it is. */
  const expectRowsMatch = async (stored: (StoredNotification | null)[]) => {
    const views = stored.filter((s): s is StoredNotification => s !== null);
    const byId = new Map((await rowsOf(views.map((s) => s.view.id))).map((r) => [Number(r.id), r]));
    expect(byId.size).toBe(views.length);
    for (const s of views) {
      const r = byId.get(s.view.id);
      expect({
        user_id: Number(r?.user_id),
        type: r?.type,
        payload: JSON.parse(r?.payload ?? 'null') as unknown,
        read_at: r?.read_at === null ? null : Number(r?.read_at),
        created_at: Number(r?.created_at),
        group_key: r?.group_key,
      }).toEqual({
        user_id: s.userId,
        type: s.view.type,
        payload: s.view.payload,
        read_at: s.view.read_at,
        created_at: s.view.created_at,
        group_key: null,
      });
    }
  };

  it('gives item by item what one call each gives: bots and unknown traders none, a switched-off type read', async () => {
    const db = t.app.ctx.db;
    const plain = (await createDemo(t.app)).user.id;
    const alertsOff = (await createDemo(t.app)).user.id;
    const fillsOff = (await createDemo(t.app)).user.id;
    const bot = (await createDemo(t.app)).user.id;
    await db.updateTable('users').set({ is_bot: 1 }).where('id', '=', bot).execute();
    await saveSettings(db, alertsOff, { price_alert: false }, NOW);
    await saveSettings(db, fillsOff, { order_filled: false, price_alert: true }, NOW);
    const unknown = bot + 1_000_000;

    const filled = (orderId: number) => ({
      order_id: orderId,
      forex_id: 1,
      code: 'EUR/USD',
      side: 1 as const,
      lots: '0.10',
      price: '1.1200',
      time: NOW,
    });
    const items: NotificationInput[] = [];
    let n = 0;
    for (const userId of [fillsOff, bot, plain, unknown, alertsOff, plain, alertsOff, fillsOff]) {
      n++;
      items.push({ userId, type: 'price_alert', payload: alertFired(100 + n, userId) });
      items.push({ userId, type: 'order_filled', payload: filled(200 + n) });
    }
    // The same notification twice (equal in every column): two rows, two ids.
    items.push({ userId: plain, type: 'price_alert', payload: alertFired(999, plain) });
    items.push({ userId: plain, type: 'price_alert', payload: alertFired(999, plain) });

    const one = await db.transaction().execute(async (trx) => {
      const out: (StoredNotification | null)[] = [];
      for (const i of items) out.push(await recordNotification(trx, i.userId, i.type, i.payload, NOW));
      return out;
    });
    const { kinds, plugin } = counting();
    const many = await db
      .withPlugin(plugin)
      .transaction()
      .execute((trx) => recordNotifications(trx, items, NOW));
    expect(kinds).toEqual(['SelectQueryNode', 'InsertQueryNode']);

    expect(many.map(withoutId)).toEqual(one.map(withoutId));
    // What the views say, spelled out: nothing for the bot and the unknown id, the switched-off types read.
    const expected = items.map((i) => {
      if (i.userId === bot || i.userId === unknown) return null;
      const off =
        (i.userId === alertsOff && i.type === 'price_alert') ||
        (i.userId === fillsOff && i.type === 'order_filled');
      return { userId: i.userId, enabled: !off, read_at: off ? NOW : null, type: i.type, payload: i.payload };
    });
    expect(
      many.map((s) =>
        s
          ? {
              userId: s.userId,
              enabled: s.enabled,
              read_at: s.view.read_at,
              type: s.view.type,
              payload: s.view.payload,
            }
          : null,
      ),
    ).toEqual(expected);
    const ids = many.flatMap((s) => (s ? [s.view.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    await expectRowsMatch(many);
    await expectRowsMatch(one);
    // Nothing stored for the bot or the unknown id either way.
    const botRows = await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', 'in', [bot, unknown])
      .execute();
    expect(botRows).toEqual([]);
    // Nothing at all for nothing.
    expect(await recordNotifications(db, [], NOW)).toEqual([]);
  });

  it('stores a batch larger than one INSERT in one SELECT and an INSERT per 1,000, each id its own row', async () => {
    const db = t.app.ctx.db;
    const users: number[] = [];
    for (let i = 0; i < 5; i++) users.push((await createDemo(t.app)).user.id);
    await saveSettings(db, users[1] as number, { price_alert: false }, NOW);
    const items: NotificationInput[] = [];
    for (let i = 0; i < 2_100; i++) {
      const userId = users[i % users.length] as number;
      items.push({ userId, type: 'price_alert', payload: alertFired(10_000 + i, userId) });
    }
    const { kinds, plugin } = counting();
    const stored = await db
      .withPlugin(plugin)
      .transaction()
      .execute((trx) => recordNotifications(trx, items, NOW));
    expect(kinds).toEqual(['SelectQueryNode', 'InsertQueryNode', 'InsertQueryNode', 'InsertQueryNode']);
    expect(stored.every((s) => s !== null)).toBe(true);
    expect(stored.map((s) => (s?.view as NotificationView).payload)).toEqual(items.map((i) => i.payload));
    expect(stored.filter((s) => s && !s.enabled)).toHaveLength(420);
    await expectRowsMatch(stored);
  });
});
