/**
 * The one set of migrations for both dialects, applied at start-up. Only portable column types are used
 * (bigint, integer, text, varchar); the id column is the one dialect-specific piece.
 * Never edit a migration that has shipped: add a new one.
 */
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider, CreateTableBuilder } from 'kysely';
import type { Dialect } from './dialect';

type Any = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function withId<T extends string>(
  t: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_accounts_content_uploads': {
      async up(db: Any) {
        await withId(db.schema.createTable('users'), dialect)
          .addColumn('uid', 'varchar(32)', (c) => c.notNull().unique())
          .addColumn('email', 'varchar(254)', (c) => c.unique())
          .addColumn('mobile', 'varchar(32)')
          .addColumn('area_id', 'integer')
          .addColumn('password_hash', 'text')
          .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
          .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('demo_secret_hash', 'varchar(64)', (c) => c.unique())
          .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
          .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
          .addColumn('inviter_id', 'bigint', (c) => c.references('users.id'))
          .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('lock_balance', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('sessions'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .addColumn('ip', 'varchar(64)')
          .execute();
        await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

        await withId(db.schema.createTable('ledger'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('balance_after', 'bigint', (c) => c.notNull())
          .addColumn('account', 'varchar(16)', (c) => c.notNull().defaultTo('balance'))
          .addColumn('kind', 'varchar(32)', (c) => c.notNull())
          .addColumn('ref_type', 'varchar(32)')
          .addColumn('ref_id', 'varchar(64)')
          .addColumn('memo', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('ledger_user_idx').on('ledger').columns(['user_id', 'id']).execute();

        await withId(db.schema.createTable('verification_codes'), dialect)
          .addColumn('channel', 'varchar(8)', (c) => c.notNull())
          .addColumn('target', 'varchar(254)', (c) => c.notNull())
          .addColumn('purpose', 'integer', (c) => c.notNull())
          .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('max_attempts', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('consumed_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('verification_codes_target_idx')
          .on('verification_codes')
          .columns(['target', 'purpose', 'id'])
          .execute();

        await db.schema
          .createTable('captchas')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('outbox'), dialect)
          .addColumn('to_addr', 'varchar(254)', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('body_text', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('news'), dialect)
          .addColumn('category_id', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('desc', 'text', (c) => c.notNull())
          .addColumn('logo', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('news_category_idx')
          .on('news')
          .columns(['category_id', 'created_at'])
          .execute();

        await withId(db.schema.createTable('companies'), dialect)
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('logo', 'text', (c) => c.notNull())
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('registered_address', 'text', (c) => c.notNull())
          .addColumn('location', 'text', (c) => c.notNull())
          .addColumn('email', 'varchar(254)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('loss_url', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('settings')
          .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('real_name'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('card_id', 'varchar(64)', (c) => c.notNull())
          .addColumn('front_pic', 'text', (c) => c.notNull())
          .addColumn('reverse_pic', 'text', (c) => c.notNull())
          .addColumn('review_status', 'integer', (c) => c.notNull())
          .addColumn('decided_by', 'bigint', (c) => c.references('users.id'))
          .addColumn('decided_at', 'bigint')
          .addColumn('reason', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('real_name_user_idx')
          .on('real_name')
          .columns(['user_id', 'id'])
          .execute();

        await withId(db.schema.createTable('uploads'), dialect)
          .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
          .addColumn('mime', 'varchar(32)', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0002_real_name_one_waiting': {
      // At most one submission waiting for review per user, whatever the interleaving of concurrent requests.
      async up(db: Any) {
        await db.schema
          .createIndex('real_name_one_waiting')
          .on('real_name')
          .column('user_id')
          .unique()
          .where(sql.ref('review_status'), '=', 1)
          .execute();
      },
    },
    '0002b_markets': {
      // Market data (modules/markets): candles built from live ticks, and per instrument the anchor of its synthetic
      // history and the last quote. Prices are double precision (market data, not money); times are epoch ms.
      // Named 0002b so that it sorts after the shipped 0002_real_name_one_waiting and before 0003_trading.
      async up(db: Any) {
        await db.schema
          .createTable('candles')
          .addColumn('instrument_id', 'integer', (c) => c.notNull())
          .addColumn('period', 'varchar(4)', (c) => c.notNull())
          .addColumn('time', 'bigint', (c) => c.notNull())
          .addColumn('open', 'double precision', (c) => c.notNull())
          .addColumn('high', 'double precision', (c) => c.notNull())
          .addColumn('low', 'double precision', (c) => c.notNull())
          .addColumn('close', 'double precision', (c) => c.notNull())
          .addColumn('volume', 'double precision', (c) => c.notNull())
          .addPrimaryKeyConstraint('candles_pk', ['instrument_id', 'period', 'time'])
          .execute();
        await db.schema
          .createTable('market_state')
          .addColumn('instrument_id', 'integer', (c) => c.primaryKey())
          .addColumn('code', 'varchar(32)', (c) => c.notNull())
          .addColumn('history_seed', 'bigint', (c) => c.notNull())
          .addColumn('anchor_time', 'bigint', (c) => c.notNull())
          .addColumn('anchor_price', 'double precision', (c) => c.notNull())
          .addColumn('bid', 'double precision', (c) => c.notNull())
          .addColumn('ask', 'double precision', (c) => c.notNull())
          .addColumn('quote_time', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0003_trading': {
      // Orders (positions and pending orders) and the simulated traders of the copy-trading ranking.
      // Prices are decimal text (exact, any precision); money on orders is BIGINT micro-units (6 decimals) beside
      // the cents actually booked in the ledger.
      async up(db: Any) {
        await db.schema
          .alterTable('users')
          .addColumn('is_bot', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await withId(db.schema.createTable('orders'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('instrument_id', 'integer', (c) => c.notNull())
          .addColumn('code', 'varchar(32)', (c) => c.notNull())
          .addColumn('show_code', 'varchar(32)', (c) => c.notNull())
          .addColumn('side', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('lots', 'varchar(32)', (c) => c.notNull())
          .addColumn('leverage', 'integer', (c) => c.notNull())
          .addColumn('contract_size', 'varchar(32)', (c) => c.notNull())
          .addColumn('margin_mode', 'integer', (c) => c.notNull())
          .addColumn('fee_rate', 'varchar(32)', (c) => c.notNull())
          .addColumn('fee_type', 'integer', (c) => c.notNull())
          .addColumn('quote_currency', 'varchar(8)', (c) => c.notNull())
          .addColumn('price_precision', 'integer', (c) => c.notNull())
          .addColumn('expected_price', 'varchar(32)', (c) => c.notNull())
          .addColumn('target_price', 'varchar(32)')
          .addColumn('open_price', 'varchar(32)')
          .addColumn('stop_loss', 'varchar(32)')
          .addColumn('take_profit', 'varchar(32)')
          .addColumn('close_expected_price', 'varchar(32)')
          .addColumn('close_price', 'varchar(32)')
          .addColumn('margin_micros', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('margin_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('fee_micros', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('fee_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('profit_micros', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('profit_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('written_off_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('close_reason', 'varchar(16)')
          .addColumn('client_order_id', 'varchar(64)')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('opened_at', 'bigint')
          .addColumn('closed_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('orders_user_idx')
          .on('orders')
          .columns(['user_id', 'status', 'id'])
          .execute();
        await db.schema
          .createIndex('orders_status_idx')
          .on('orders')
          .columns(['status', 'instrument_id'])
          .execute();
        await db.schema
          .createIndex('orders_client_id_uq')
          .on('orders')
          .columns(['user_id', 'client_order_id'])
          .unique()
          .where(sql.ref('client_order_id'), 'is not', null)
          .execute();
        await db.schema
          .createTable('traders')
          .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('style', 'varchar(16)', (c) => c.notNull())
          .addColumn('multiple', 'integer', (c) => c.notNull())
          .addColumn('code', 'varchar(32)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0004_ops': {
      // The back office: ops identities and sessions apart from traders, the append-only audit log, the KYC
      // decision details, and frozen accounts. Ops accounts made before this (users.role 'ops') move across as
      // admins without an authenticator (`npm run ops -- reset-totp <email>` enrols one) and lose trader sign-in.
      async up(db: Any) {
        await withId(db.schema.createTable('ops_accounts'), dialect)
          .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('roles', 'varchar(64)', (c) => c.notNull())
          .addColumn('totp_secret', 'varchar(64)')
          .addColumn('totp_last_step', 'bigint')
          .addColumn('disabled_at', 'bigint')
          .addColumn('last_sign_in_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('ops_sessions'), dialect)
          .addColumn('ops_id', 'bigint', (c) => c.notNull().references('ops_accounts.id'))
          .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .addColumn('ip', 'varchar(64)')
          .execute();
        await db.schema.createIndex('ops_sessions_ops_idx').on('ops_sessions').column('ops_id').execute();

        await withId(db.schema.createTable('audit_log'), dialect)
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn('actor_id', 'bigint')
          .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
          .addColumn('actor_roles', 'varchar(64)', (c) => c.notNull())
          .addColumn('action', 'varchar(64)', (c) => c.notNull())
          .addColumn('object_type', 'varchar(32)')
          .addColumn('object_id', 'varchar(64)')
          .addColumn('summary', 'text', (c) => c.notNull())
          .addColumn('ip', 'varchar(64)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
        await db.schema
          .createIndex('audit_log_actor_idx')
          .on('audit_log')
          .columns(['actor_id', 'id'])
          .execute();
        await db.schema
          .createIndex('audit_log_action_idx')
          .on('audit_log')
          .columns(['action', 'id'])
          .execute();
        await db.schema
          .createIndex('audit_log_object_idx')
          .on('audit_log')
          .columns(['object_type', 'object_id', 'id'])
          .execute();
        // Append-only, whoever connects: the database itself refuses to change or remove a row.
        if (dialect === 'postgres') {
          await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
            begin raise exception 'audit_log is append-only'; end $$`.execute(db);
          await sql`create trigger audit_log_no_change before update or delete on audit_log
            for each row execute function audit_log_append_only()`.execute(db);
          await sql`create trigger audit_log_no_truncate before truncate on audit_log
            for each statement execute function audit_log_append_only()`.execute(db);
        } else {
          await sql`create trigger audit_log_no_update before update on audit_log
            begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
          await sql`create trigger audit_log_no_delete before delete on audit_log
            begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        }

        await db.schema.alterTable('real_name').addColumn('reason_code', 'varchar(32)').execute();
        await db.schema.alterTable('real_name').addColumn('lang', 'varchar(8)').execute();
        await db.schema
          .alterTable('real_name')
          .addColumn('decided_by_ops', 'bigint', (c) => c.references('ops_accounts.id'))
          .execute();
        await db.schema
          .createIndex('real_name_status_idx')
          .on('real_name')
          .columns(['review_status', 'id'])
          .execute();
        await db.schema.alterTable('users').addColumn('frozen_at', 'bigint').execute();
        await db.schema.alterTable('users').addColumn('frozen_reason', 'text').execute();

        const now = Date.now();
        await sql`insert into ops_accounts (email, password_hash, roles, created_at, updated_at)
          select email, password_hash, 'admin', ${now}, ${now} from users
          where role = 'ops' and email is not null and password_hash is not null`.execute(db);
        await sql`update users set password_hash = null where role = 'ops'`.execute(db);
      },
    },
    '0005_funds': {
      // Deposits and withdrawals: receiving addresses and pay ways, deposit records, withdrawal currencies, bound
      // withdrawal methods, withdrawals, and the withdrawal hold beside balance and lock_balance.
      async up(db: Any) {
        await db.schema
          .alterTable('users')
          .addColumn('withdraw_hold', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('users').addColumn('password_changed_at', 'bigint').execute();

        await withId(db.schema.createTable('pay_channels'), dialect)
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
          .addColumn('protocol_code', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .addColumn('address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('bank_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('payee_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('bank_swift', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('deposits'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('channel_id', 'bigint', (c) => c.notNull().references('pay_channels.id'))
          .addColumn('amount_cents', 'bigint', (c) => c.notNull())
          .addColumn('proof_img', 'varchar(300)', (c) => c.notNull())
          .addColumn('address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('hk'))
          .addColumn('decided_by_ops', 'bigint')
          .addColumn('decided_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('deposits_user_idx')
          .on('deposits')
          .columns(['user_id', 'type', 'id'])
          .execute();
        await db.schema.createIndex('deposits_status_idx').on('deposits').columns(['status', 'id']).execute();

        await withId(db.schema.createTable('draw_currencies'), dialect)
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('code', 'varchar(16)', (c) => c.notNull())
          .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .addColumn('draw_rate', 'varchar(32)', (c) => c.notNull())
          .addColumn('fee_type', 'integer', (c) => c.notNull())
          .addColumn('usd_price', 'varchar(32)', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await withId(db.schema.createTable('draw_methods'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('draw_currency_id', 'bigint', (c) => c.notNull().references('draw_currencies.id'))
          .addColumn('dc_address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('bank_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('bank_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
          .addColumn('bank_swift', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .addColumn('payee_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('branch_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
          .addColumn('receive_currency', 'varchar(16)', (c) => c.notNull().defaultTo(''))
          .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
          .addColumn('usable_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('draw_methods_user_idx')
          .on('draw_methods')
          .columns(['user_id', 'type'])
          .execute();

        await withId(db.schema.createTable('withdrawals'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('draw_currency_id', 'bigint', (c) => c.notNull().references('draw_currencies.id'))
          .addColumn('draw_method_id', 'bigint', (c) => c.notNull().references('draw_methods.id'))
          .addColumn('currency_code', 'varchar(16)', (c) => c.notNull())
          .addColumn('amount_cents', 'bigint', (c) => c.notNull())
          .addColumn('fee_cents', 'bigint', (c) => c.notNull())
          .addColumn('real_number', 'varchar(32)', (c) => c.notNull())
          .addColumn('address', 'varchar(128)', (c) => c.notNull().defaultTo(''))
          .addColumn('payee_account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('hk'))
          .addColumn('decided_by_ops', 'bigint')
          .addColumn('decided_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('withdrawals_user_idx')
          .on('withdrawals')
          .columns(['user_id', 'type', 'id'])
          .execute();
        await db.schema
          .createIndex('withdrawals_status_idx')
          .on('withdrawals')
          .columns(['status', 'id'])
          .execute();

        // A usable starting set (finance ops edit it): one receiving address per common network, one pay way, the
        // withdrawal currencies with their fees.
        const now = Date.now();
        const ch = {
          protocol_code: '',
          address: '',
          name: '',
          bank_name: '',
          payee_name: '',
          payee_account: '',
        };
        await db
          .insertInto('pay_channels')
          .values([
            {
              ...ch,
              type: 0,
              currency_code: 'USDT',
              protocol_code: 'TRC20',
              address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
              bank_swift: '',
              enabled: 1,
              created_at: now,
            },
            {
              ...ch,
              type: 0,
              currency_code: 'USDT',
              protocol_code: 'ERC20',
              address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
              bank_swift: '',
              enabled: 1,
              created_at: now,
            },
            {
              ...ch,
              type: 1,
              currency_code: 'USD',
              name: 'SWIFT USD',
              bank_name: 'Meridian Settlement Bank',
              payee_name: 'Meridian Markets Ltd',
              payee_account: '001-234567-890',
              bank_swift: 'MRDNHKHHXXX',
              enabled: 1,
              created_at: now,
            },
          ])
          .execute();
        const cur = (
          type: number,
          code: string,
          protocol: string,
          rate: string,
          feeType: number,
          usd: string,
        ) => ({
          type,
          code,
          protocol,
          draw_rate: rate,
          fee_type: feeType,
          usd_price: usd,
          enabled: 1,
          created_at: now,
        });
        await db
          .insertInto('draw_currencies')
          .values([
            cur(1, 'USDT', 'TRC20', '1', 1, '1'),
            cur(1, 'USDT', 'ERC20', '0.5', 2, '1'),
            cur(2, 'USD', 'SWIFT', '25', 1, '1'),
          ])
          .execute();
      },
    },
    '0006_support': {
      async up(db: Any) {
        await withId(db.schema.createTable('support_conversations'), dialect)
          .addColumn('channel', 'varchar(16)', (c) => c.notNull())
          .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
          .addColumn('visitor_id', 'varchar(72)')
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('topic', 'varchar(32)')
          .addColumn('assignee_id', 'bigint', (c) => c.references('ops_accounts.id'))
          .addColumn('user_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('agent_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('waiting_since', 'bigint')
          .addColumn('last_text', 'varchar(200)', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('support_conv_user_idx')
          .on('support_conversations')
          .columns(['user_id', 'channel'])
          .execute();
        await db.schema
          .createIndex('support_conv_visitor_idx')
          .on('support_conversations')
          .columns(['visitor_id', 'channel'])
          .execute();
        await db.schema
          .createIndex('support_conv_status_idx')
          .on('support_conversations')
          .columns(['status', 'updated_at'])
          .execute();
        await withId(db.schema.createTable('support_messages'), dialect)
          .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('support_conversations.id'))
          .addColumn('sender', 'varchar(8)', (c) => c.notNull())
          .addColumn('ops_id', 'bigint', (c) => c.references('ops_accounts.id'))
          .addColumn('client_id', 'varchar(64)')
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('image', 'varchar(200)')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('mailed_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('support_msg_conv_idx')
          .on('support_messages')
          .columns(['conversation_id', 'id'])
          .execute();
        // A resent message (same client id) is stored once.
        await db.schema
          .createIndex('support_msg_client_uq')
          .on('support_messages')
          .columns(['conversation_id', 'client_id'])
          .unique()
          .execute();
        await withId(db.schema.createTable('support_canned'), dialect)
          .addColumn('title', 'varchar(80)', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .alterTable('news')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema.alterTable('news').addColumn('updated_at', 'bigint').execute();
      },
    },
    '0007_upload_purpose': {
      // Additive: uploads get the purpose of their first use. Existing uses are written down, the strictest first
      // (an image that is someone's identity photo stays one, whatever else it was sent as).
      async up(db: Any) {
        await db.schema.alterTable('uploads').addColumn('purpose', 'varchar(16)').execute();
        const url = sql`'/api/common/upload/' || uploads.name`;
        await sql`update uploads set purpose = 'identity' where purpose is null and (${url} in (select front_pic from real_name) or ${url} in (select reverse_pic from real_name))`.execute(
          db,
        );
        await sql`update uploads set purpose = 'deposit' where purpose is null and ${url} in (select proof_img from deposits)`.execute(
          db,
        );
        await sql`update uploads set purpose = 'chat' where purpose is null and ${url} in (select m.image from support_messages m join support_conversations c on c.id = m.conversation_id where c.channel = 'chat' and m.image is not null)`.execute(
          db,
        );
        await sql`update uploads set purpose = 'feedback' where purpose is null and ${url} in (select image from support_messages where image is not null)`.execute(
          db,
        );
      },
    },
    // Finance records what actually arrived and its transaction hash or bank reference: a reference
    // is recorded once (a unique index; NULLs, the undecided, do not collide); proofs are looked up at submit.
    '0008_deposit_refs': {
      async up(db: Any) {
        await db.schema.alterTable('deposits').addColumn('received_cents', 'bigint').execute();
        await db.schema.alterTable('deposits').addColumn('tx_ref', 'varchar(128)').execute();
        await db.schema.createIndex('deposits_tx_ref_uq').on('deposits').column('tx_ref').unique().execute();
        await db.schema.createIndex('deposits_proof_idx').on('deposits').column('proof_img').execute();
      },
    },
    // A partial close is its own closed order record pointing at the position it came from (docs/rules.md).
    '0009_partial_close': {
      async up(db: Any) {
        await db.schema.alterTable('orders').addColumn('parent_id', 'bigint').execute();
        await db.schema.createIndex('orders_parent_idx').on('orders').column('parent_id').execute();
      },
    },
    // A trader's favourite instruments, in the trader's order (`position` from 0); one row per user and instrument.
    '0010_favourites': {
      async up(db: Any) {
        await db.schema
          .createTable('favourites')
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('forex_id', 'integer', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'forex_id'])
          .execute();
      },
    },
    // A server-kept trailing stop: its distance in points; its current level is `stop_loss`, which the engine
    // ratchets in the trader's favour and writes back (docs/rules.md#trailing-stop).
    '0011_trailing_stop': {
      async up(db: Any) {
        await db.schema
          .alterTable('orders')
          .addColumn('trailing_distance', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    // Price alerts (docs/rules.md#alerts): the fired state (`armed`, `last_fired_at`) is written by one conditional
    // update before anything is sent, and `version` changes with every save, so an evaluator holding an older copy
    // never fires it. Notifications: one row per event that concerns a trader (price alerts first), newest first.
    '0012_alerts_notifications': {
      async up(db: Any) {
        await withId(db.schema.createTable('price_alerts'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('instrument_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('side', 'varchar(4)', (c) => c.notNull())
          .addColumn('direction', 'varchar(8)', (c) => c.notNull())
          .addColumn('level', 'varchar(40)')
          .addColumn('percent', 'varchar(16)')
          .addColumn('repeat', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('cooldown_s', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('armed', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('last_fired_at', 'bigint')
          .addColumn('fired_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('price_alerts_user_idx').on('price_alerts').column('user_id').execute();
        await withId(db.schema.createTable('notifications'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('type', 'varchar(32)', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('read_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('notifications_user_idx')
          .on('notifications')
          .columns(['user_id', 'id'])
          .execute();
      },
    },
    // Web Push subscriptions (docs/ops.md#web-push): one row per endpoint (a second trader subscribing the same browser
    // takes it over), deleted with the session that made it; `vapid_key` is the public key it was made for, so a key
    // rotation leaves the old rows unused until the device subscribes again.
    '0013_push_subscriptions': {
      async up(db: Any) {
        await withId(db.schema.createTable('push_subscriptions'), dialect)
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('session_id', 'bigint', (c) => c.notNull())
          .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
          .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
          .addColumn('auth', 'varchar(32)', (c) => c.notNull())
          .addColumn('lang', 'varchar(8)', (c) => c.notNull())
          .addColumn('vapid_key', 'varchar(100)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('push_subscriptions_user_idx')
          .on('push_subscriptions')
          .columns(['user_id', 'updated_at'])
          .execute();
        await db.schema
          .createIndex('push_subscriptions_session_idx')
          .on('push_subscriptions')
          .column('session_id')
          .execute();
      },
    },
    // Notifications of what happens to the trader's money (docs/rules.md#notifications): the trader's switch per type
    // (a row only once switched; none means on), the margin-call state of each account (the crossing the trader
    // was last told of, so a restart or a new leader does not tell it again), and a group key on a notification
    // (a support conversation: later replies update its unread notification). The list is newest first by the
    // time of the latest event, which an updated notification moves.
    '0014_notification_events': {
      async up(db: Any) {
        await db.schema
          .createTable('notification_settings')
          .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
          .addColumn('type', 'varchar(32)', (c) => c.notNull())
          .addColumn('enabled', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'type'])
          .execute();
        await db.schema
          .createTable('margin_calls')
          .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
          .addColumn('zone', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.alterTable('notifications').addColumn('group_key', 'varchar(64)').execute();
        await db.schema
          .createIndex('notifications_user_time_idx')
          .on('notifications')
          .columns(['user_id', 'created_at'])
          .execute();
        await db.schema
          .createIndex('notifications_group_idx')
          .on('notifications')
          .columns(['user_id', 'group_key'])
          .execute();
      },
    },
    // Release health of the remotes (docs/ops.md#release-health), from the host's beacons, per minute (epoch ms of
    // its start, server time) and remote version. No IP, user or device: counters, the tabs' random ids (hashed) to
    // count distinct sessions, vitals as histogram buckets, and error samples without personal parts. Old minutes
    // are deleted (14 days by default).
    '0015_remote_telemetry': {
      async up(db: Any) {
        const key = (t: CreateTableBuilder<string, never>) =>
          t
            .addColumn('remote', 'varchar(32)', (c) => c.notNull())
            .addColumn('version', 'varchar(64)', (c) => c.notNull())
            .addColumn('minute', 'bigint', (c) => c.notNull());
        await key(db.schema.createTable('telemetry_counts'))
          .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('render_errors', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('unhandled_errors', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('chunk_failures', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('telemetry_counts_pk', ['remote', 'version', 'minute'])
          .execute();
        await key(db.schema.createTable('telemetry_sessions'))
          .addColumn('session', 'varchar(32)', (c) => c.notNull())
          .addColumn('errored', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('telemetry_sessions_pk', ['remote', 'version', 'minute', 'session'])
          .execute();
        await key(db.schema.createTable('telemetry_vitals'))
          .addColumn('metric', 'varchar(8)', (c) => c.notNull())
          .addColumn('bucket', 'integer', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('telemetry_vitals_pk', ['remote', 'version', 'metric', 'minute', 'bucket'])
          .execute();
        await key(db.schema.createTable('telemetry_errors'))
          .addColumn('fingerprint', 'varchar(32)', (c) => c.notNull())
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('message', 'varchar(200)', (c) => c.notNull())
          .addColumn('frame', 'varchar(300)')
          .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('telemetry_errors_pk', ['remote', 'version', 'minute', 'fingerprint'])
          .execute();
        for (const table of [
          'telemetry_counts',
          'telemetry_sessions',
          'telemetry_vitals',
          'telemetry_errors',
        ]) {
          await db.schema.createIndex(`${table}_minute_idx`).on(table).column('minute').execute();
        }
      },
    },
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

/**
 * `schema` (PostgreSQL): where the migration bookkeeping tables live. Without it Kysely looks for them in every
 * schema of the database, so another schema's tables (a parallel test run, another installation) would be taken
 * for ours.
 */
export async function migrateToLatest(db: Any, dialect: Dialect, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
