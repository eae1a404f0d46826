/**
 * The back office where money and releases are at stake, in Chromium against the real server, each as the role that
 * meets it: compliance freezes a trader whose withdrawal waits and finance cannot pay it (the freeze reason shown,
 * nothing moved); Roll back never makes a version current that was not current before; a withdrawal currency's
 * price shows its effect and a far one needs a second confirmation (cancel saves nothing); a receiving address is
 * refused twice over (another network spelling) or when a trader bound it; the menu count follows a decision at
 * once; the finance queues keep their status column in view and fit a 390 px phone with an item selected; a bank
 * payout repeats the amount and the account. Screenshots go to OPS_MONEY_SHOTS_DIR.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { solidPng } from '../support/account';
import type { RealUser } from '../support/account';
import { baseUrl, settled, staticDir, withLanguage } from '../support/app';
import { createOps, opsToken, traderWithKyc, withOpsSession } from '../support/ops';
import { serverOfItsOwn } from '../support/server';

const SHOTS = process.env.OPS_MONEY_SHOTS_DIR ?? '/tmp/ops-money-shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

type Envelope<T> = { code: number; msg: string; data: T };

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function opsContext(browser: Browser, viewport = DESKTOP, lng = 'en') {
  const phone = viewport.width < 600;
  const context = await browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: 1,
  });
  await withLanguage(context, lng);
  return context;
}

/** The queue table shows its last column (the status) without scrolling its frame sideways. */
async function lastColumnInView(page: Page, table: string) {
  const cut = await page
    .getByTestId(table)
    .evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : -1));
  expect({ table, cut }).toEqual({ table, cut: 0 });
}

/** A valid TRON (TRC20) address: base58check of 0x41 and 20 random bytes. */
function tronAddress(): string {
  const payload = Buffer.concat([Buffer.from([0x41]), crypto.randomBytes(20)]);
  const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest();
  const full = Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]);
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${full.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  params: Record<string, string> = {},
): Promise<Envelope<T>> {
  const headers = { authorization: token, lang: 'en' };
  const res =
    method === 'GET'
      ? await request.get(`${baseUrl()}${url}`, { headers, params })
      : await request.post(`${baseUrl()}${url}`, { headers, form: params });
  return (await res.json()) as Envelope<T>;
}

async function must<T>(p: Promise<Envelope<T>>, what: string): Promise<T> {
  const r = await p;
  if (r.code !== 1) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
}

type Funded = {
  trader: RealUser;
  uid: string;
  address: string;
  currencyId: number;
  methodId: number;
  /** A new waiting deposit of `amount` USD, with its own proof picture. */
  deposit: (amount: string) => Promise<number>;
  /** A new waiting withdrawal of `amount` USD. */
  withdraw: (amount: string) => Promise<number>;
  balance: () => Promise<string>;
};

/**
 * A verified trader with a bound TRC20 address out of its cooling period and 500 USD credited by finance, made
 * through the API (what funds.spec does in the browser).
 */
async function fundedTrader(
  request: APIRequestContext,
  kycTok: string,
  finTok: string,
  name: string,
): Promise<Funded> {
  const trader = await traderWithKyc(request, name);
  const kyc = await must(
    call<{ data: { id: number; email: string }[] }>(request, 'GET', '/api/ops/kyc/queue', kycTok),
    'kyc queue',
  );
  const item = kyc.data.find((i) => i.email === trader.email);
  if (!item) throw new Error('the submission is not in the KYC queue');
  await must(
    call(request, 'POST', '/api/ops/kyc/decide', kycTok, { id: String(item.id), decision: 'approve' }),
    'kyc approve',
  );
  const info = await must(call<{ uid: string }>(request, 'GET', '/api/user/info', trader.token), 'info');
  const address = tronAddress();
  const method = await must(
    call<{ id: number; draw_currency: { id: number } }>(
      request,
      'POST',
      '/api/wallet/bind_draw_method',
      trader.token,
      { type: '1', network: 'TRC20', dc_address: address },
    ),
    'bind',
  );
  const networks = await must(
    call<{ id: number; address: string; protocol_code: string }[]>(
      request,
      'GET',
      '/api/quickCharge/info',
      trader.token,
    ),
    'networks',
  );
  const channel = networks.find((n) => n.protocol_code === 'TRC20');
  if (!channel) throw new Error('no TRC20 receiving address');
  let colour = Math.floor(Math.random() * 200);
  const deposit = async (amount: string) => {
    colour = (colour + 17) % 250;
    const up = await request.post(`${baseUrl()}/api/common/image_upload`, {
      headers: { authorization: trader.token, lang: 'en' },
      multipart: {
        file: {
          name: 'proof.png',
          mimeType: 'image/png',
          buffer: solidPng(120, [colour, 120, 250 - colour]),
        },
      },
    });
    const url = ((await up.json()) as Envelope<{ url: string }>).data.url;
    const d = await must(
      call<{ id: number }>(request, 'GET', '/api/quickCharge/submit', trader.token, {
        number: amount,
        proofImg: url,
        address: channel.address,
        charge_id: String(channel.id),
      }),
      'deposit',
    );
    return d.id;
  };
  const first = await deposit('500');
  await must(
    call(request, 'POST', '/api/ops/deposits/decide', finTok, {
      id: String(first),
      decision: 'approve',
      received: '500',
      tx_ref: `0xe2e${crypto.randomBytes(12).toString('hex')}`,
    }),
    'deposit approve',
  );
  // The bound address's cooling period (5 s in this run).
  await expect
    .poll(
      async () =>
        (await call<{ lock: string | null }>(request, 'GET', '/api/account/draw_state', trader.token)).data
          .lock,
      { timeout: 20_000 },
    )
    .not.toBe('cooling');
  const currencyId = method.draw_currency.id;
  const withdraw = async (amount: string) => {
    const placed = await must(
      call<{ record: { id: number } }>(request, 'POST', '/api/account/draw', trader.token, {
        draw_currency_id: String(currencyId),
        number: amount,
        draw_method_id: String(method.id),
      }),
      'withdraw',
    );
    return placed.record.id;
  };
  const balance = async () =>
    (
      await must(
        call<{ balance: string }>(request, 'GET', '/v1/api/main/wallet/getBalance', trader.token),
        'balance',
      )
    ).balance;
  return { trader, uid: info.uid, address, currencyId, methodId: method.id, deposit, withdraw, balance };
}

test('a frozen account is not paid out: finance sees the freeze and "Mark paid" is refused with its reason', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const finance = await createOps('finance', 'fin');
  const compliance = await createOps('compliance', 'comp');
  const finSession = await opsToken(request, finance);
  const compSession = await opsToken(request, compliance);
  const f = await fundedTrader(request, compSession.token, finSession.token, 'Frozen Trader');
  const waitingDeposit = await f.deposit('80');
  const withdrawalId = await f.withdraw('100');
  expect(await f.balance()).toBe('400.00');

  // Finance opens the withdrawal while the account is still active.
  const desk = await opsContext(browser);
  await withOpsSession(desk, finSession);
  const op = await desk.newPage();
  await op.goto(`${baseUrl()}/ops/withdrawals`);
  const row = op.getByTestId('ops-withdrawal-row').filter({ hasText: f.trader.email });
  await row.click();
  const state = op.getByTestId('ops-withdrawal-account');
  await expect(state).toHaveAttribute('data-frozen', 'false');
  await expect(state).toContainText('400.00 USD');
  await expect(state).toContainText('100.00 USD');
  await lastColumnInView(op, 'ops-withdrawals-table');

  // Compliance, in its own browser, freezes the trader through the users page.
  const reason = `Suspected account takeover ${Date.now().toString(36)}`;
  const comp = await opsContext(browser);
  await withOpsSession(comp, compSession);
  const cp = await comp.newPage();
  await cp.goto(`${baseUrl()}/ops/users?uid=${f.uid}`);
  await cp.getByTestId('user-freeze').click();
  await cp.getByTestId('user-freeze-reason').fill(reason);
  await cp.getByTestId('user-freeze-confirm').click();
  await expect(cp.getByTestId('user-unfreeze')).toBeVisible();
  await comp.close();

  // Finance's page still shows the account as it was; paying is refused by the server with the reason.
  await op.getByTestId('ops-withdrawal-pay').click();
  await op.getByTestId('ops-prompt-input').fill(`TRX-${Date.now()}`);
  await op.getByTestId('ops-prompt-submit').click();
  const refusal = op.getByRole('dialog').getByRole('alert');
  await expect(refusal).toContainText("The trader's account is frozen");
  await expect(refusal).toContainText(reason);
  await shot(op, 'frozen-pay-refused');
  await op.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // The panel now shows the freeze before any decision, and offers no payout.
  await expect(state).toHaveAttribute('data-frozen', 'true');
  await expect(state).toContainText(reason);
  await expect(op.getByTestId('ops-withdrawal-pay')).toBeDisabled();
  await shot(op, 'frozen-withdrawal-panel');

  // The server: 1306 with the reason, the withdrawal still waiting, the balance unchanged; a deposit not credited.
  const again = await call(request, 'POST', '/api/ops/withdrawals/decide', finSession.token, {
    id: String(withdrawalId),
    decision: 'pay',
    reference: 'TRX-direct',
  });
  expect(again.code).toBe(1306);
  expect(again.msg).toContain(reason);
  const waiting = await must(
    call<{ data: { id: number; status: number }[] }>(
      request,
      'GET',
      '/api/ops/withdrawals/queue',
      finSession.token,
      { status: '0', limit: '50' },
    ),
    'queue',
  );
  expect(waiting.data.find((w) => w.id === withdrawalId)?.status).toBe(0);
  expect(await f.balance()).toBe('400.00');
  const credit = await call(request, 'POST', '/api/ops/deposits/decide', finSession.token, {
    id: String(waitingDeposit),
    decision: 'approve',
    received: '80',
    tx_ref: `0xfrozen${Date.now()}`,
  });
  expect(credit.code).toBe(1306);
  expect(await f.balance()).toBe('400.00');

  // Rejecting stays possible: the hold returns to the balance.
  await op.getByTestId('ops-withdrawal-reject').click();
  await op.getByTestId('ops-prompt-input').fill('Account frozen by compliance');
  await op.getByTestId('ops-prompt-submit').click();
  await expect(row).toHaveCount(0);
  expect(await f.balance()).toBe('500.00');
  // The decided list heads its dates "Decided" and keeps its status column in view.
  await op.getByTestId('ops-funds-status').selectOption('2');
  await expect(row).toHaveCount(1);
  await expect(op.getByTestId('ops-withdrawals-table').locator('th').first()).toHaveText('Decided');
  await expect(row.getByText('Rejected')).toBeVisible();
  await lastColumnInView(op, 'ops-withdrawals-table');
  await shot(op, 'withdrawals-decided');
  await desk.close();
});

type RegistryEntry = {
  current: string;
  versions: { version: string }[];
  history: { action: string; from: string | null; to: string }[];
};
type RegistryModule = {
  createRegistry: (dist: string) => {
    readRegistry: () => { remotes: Record<string, RegistryEntry> };
    writeRegistry: (reg: { remotes: Record<string, RegistryEntry> }) => void;
    publish: (
      remote: string,
      dir: string,
      o: { makeCurrent: boolean },
    ) => { version: string; reused: boolean };
  };
};

/**
 * On a server of its own (its own copy of the product, registry and database): remotes.spec releases and rolls back
 * mf-support on the shared one, and other specs add identity checks there while a count is being read.
 */
test.describe('on a server of its own', () => {
  serverOfItsOwn();

  test('Roll back only goes to a version that was current before: a newer published one is made current, never rolled back to', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const REMOTE = 'mf-support';
    const { createRegistry } = createRequire(__filename)('../../config/registry.cjs') as RegistryModule;
    const reg = createRegistry(staticDir());
    const start = reg.readRegistry().remotes[REMOTE]!.current;
    // This server's copy of the registry as a fresh deployment has it (one build: only the current version was
    // ever current), whatever builds the machine's dist/ has seen before.
    const fresh = reg.readRegistry();
    const entry = fresh.remotes[REMOTE]!;
    entry.history = entry.history
      .filter((h) => h.to === start)
      .slice(-1)
      .map((h) => ({ ...h, from: null }));
    reg.writeRegistry(fresh);
    const currentNow = () => reg.readRegistry().remotes[REMOTE]!.current;

    // A newer version published (not current): a copy of the current files with one more, so its hash differs.
    // No build: the registry only needs a folder with a manifest.
    const stage = path.join(staticDir(), '..', `stage-${Date.now()}`);
    fs.cpSync(path.join(staticDir(), 'remotes', REMOTE, start), stage, { recursive: true });
    fs.writeFileSync(path.join(stage, 'e2e-newer.txt'), `newer ${Date.now()}\n`);
    const { version: newer } = reg.publish(REMOTE, stage, { makeCurrent: false });
    expect(newer).not.toBe(start);
    expect(currentNow()).toBe(start);

    const admin = await createOps('admin', 'rel');
    const session = await opsToken(request, admin);
    const rollback = (version?: string) =>
      call<unknown>(request, 'POST', '/api/ops/remotes/rollback', session.token, {
        remote: REMOTE,
        ...(version ? { version } : {}),
      });

    const context = await opsContext(browser);
    await withOpsSession(context, session);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/ops/remotes`);
    const card = page.getByTestId(`ops-remote-${REMOTE}`);
    // Only the current version was ever current: nothing to roll back to, and the newer one is a release.
    await expect(card.getByTestId(`ops-remote-current-${REMOTE}`)).toHaveText(start);
    await expect(card.getByTestId(`ops-rollback-${REMOTE}`)).toBeDisabled();
    await expect(card.getByTestId(`ops-make-current-${newer}`)).toHaveText('Make current');
    await shot(page, 'remotes-newer-published');
    expect((await rollback()).code).toBe(1006);
    expect((await rollback(newer)).code).toBe(1006);
    expect(currentNow()).toBe(start);

    // Released, then rolled back from the page: back to the start.
    await card.getByTestId(`ops-make-current-${newer}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make current' }).click();
    await expect(card.getByTestId(`ops-remote-current-${REMOTE}`)).toHaveText(newer);
    await expect(card.getByTestId(`ops-rollback-${REMOTE}`)).toBeEnabled();
    await card.getByTestId(`ops-rollback-${REMOTE}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await expect(card.getByTestId(`ops-remote-current-${REMOTE}`)).toHaveText(start);
    expect(currentNow()).toBe(start);

    // Now the newer one was current only after this one: Roll back must not move forward to it, on the page, in the
    // API and in the CLI.
    await expect(card.getByTestId(`ops-rollback-${REMOTE}`)).toBeDisabled();
    await expect(card.getByTestId(`ops-make-current-${newer}`)).toHaveText('Make current');
    await shot(page, 'remotes-after-rollback');
    expect((await rollback()).code).toBe(1006);
    const named = await rollback(newer);
    expect(named.code).toBe(1006);
    const cli = await run('node', ['tools/mf.mjs', 'rollback', REMOTE, newer], {
      cwd: ROOT,
      env: { ...process.env, STATIC_DIR: staticDir() },
      timeout: 30_000,
    }).then(
      () => 'succeeded',
      (e: { stderr?: string }) => e.stderr ?? 'failed',
    );
    expect(cli).toContain('was not current before');
    expect(currentNow()).toBe(start);
    const history = reg.readRegistry().remotes[REMOTE]!.history;
    expect(history.filter((h) => h.action === 'rollback' && h.to === newer)).toHaveLength(0);
    await context.close();
  });

  test('the menu count follows a decision at once: "Identity checks" drops by one after approving, without reload', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const compliance = await createOps('compliance', 'count');
    const session = await opsToken(request, compliance);
    const name = `Count ${Date.now().toString(36)}`;
    await traderWithKyc(request, name);
    // Another one waits too, so the count reads 2 then 1 (not just gone).
    await traderWithKyc(request, 'Another Waiting');
    const waiting = async () =>
      (await must(call<{ total: number }>(request, 'GET', '/api/ops/kyc/queue', session.token), 'kyc queue'))
        .total;

    const context = await opsContext(browser);
    await withOpsSession(context, session);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/ops/kyc`);
    const count = page.getByTestId('ops-menu-kyc').locator('[aria-label]');
    const before = await waiting();
    await expect(count).toHaveText(String(before));
    await page.getByTestId('kyc-queue').getByText(name).click();
    await expect(page.getByTestId('kyc-detail-name')).toHaveText(name);
    // The queue beside the selected check shows its last column (the account) whole.
    await lastColumnInView(page, 'kyc-queue');
    await page.getByTestId('kyc-approve').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('kyc-queue').getByText(name)).toHaveCount(0);
    // Well before the periodic refresh (a minute): the decision itself refreshes the count.
    const after = before - 1;
    if (after > 0) await expect(count).toHaveText(String(after), { timeout: 5_000 });
    else await expect(count).toHaveCount(0, { timeout: 5_000 });
    expect(await waiting()).toBe(after);
    await shot(page, 'menu-count-after-decision');
    await context.close();
  });
});

/** The input (or select) of the field labelled exactly `label` inside `scope`. */
function field(scope: Locator, label: string): Locator {
  return scope
    .locator('label')
    .filter({ has: scope.page().locator(`xpath=./span[normalize-space()="${label}"]`) })
    .locator('input, select');
}

test("a withdrawal currency's price shows its effect; a far one asks twice; cancelling saves nothing", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const finance = await createOps('finance', 'price');
  const session = await opsToken(request, finance);
  const network = `E2E${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const stored = async () => {
    const list = await must(
      call<{ id: number; protocol: string; usd_price: string }[]>(
        request,
        'GET',
        '/api/ops/cashier/currencies',
        session.token,
      ),
      'currencies',
    );
    return list.find((c) => c.protocol === network);
  };

  const context = await opsContext(browser);
  await withOpsSession(context, session);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/ops/cashier`);
  const card = page.getByTestId('ops-currencies');
  await expect(card.getByTestId('ops-currency-row').first()).toBeVisible();

  // A new BTC currency (disabled: no trader sees it), at its real price per USD.
  await field(card, 'Currency').fill('BTC');
  await field(card, 'Network').fill(network);
  await card.getByTestId('ops-currency-rate').fill('0');
  await card.getByTestId('ops-currency-usd-price').fill('0.0000166');
  await field(card, 'Status').selectOption('0');
  await card.getByTestId('ops-currency-save').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('100 USD will pay out 0.00166000 BTC.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await stored())?.usd_price).toBe('0.0000166');

  // Edit: 60000 instead of 0.0000166. The effect on 100 USD is shown beside the present one; cancel saves nothing.
  const row = card.getByTestId('ops-currency-row').filter({ hasText: network });
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(card.getByTestId('ops-currency-usd-price')).toHaveValue('0.0000166');
  await card.getByTestId('ops-currency-usd-price').fill('60000');
  await card.getByTestId('ops-currency-save').click();
  await expect(dialog).toContainText('100 USD will pay out 6000000.00000000 BTC (now 0.00166000 BTC).');
  await shot(page, 'price-effect');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await stored())?.usd_price).toBe('0.0000166');

  // Confirmed once: far outside the band, the server asks for a second confirmation; cancelling it saves nothing.
  await card.getByTestId('ops-currency-save').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('This price is far from the previous one');
  await expect(dialog).toContainText('is more than');
  await expect(dialog).toContainText('0.00166000 BTC');
  await shot(page, 'price-far');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await stored())?.usd_price).toBe('0.0000166');

  // A plausible change is saved after the one confirmation.
  await card.getByTestId('ops-currency-usd-price').fill('0.000017');
  await card.getByTestId('ops-currency-save').click();
  await expect(dialog).toContainText('(now 0.00166000 BTC)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await stored())?.usd_price).toBe('0.000017');
  await context.close();
});

test("receiving addresses: a duplicate under another network spelling and a trader's own address are refused", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const finance = await createOps('finance,compliance', 'chan');
  const session = await opsToken(request, finance);
  // A trader who bound an address as their own withdrawal method.
  const trader = await traderWithKyc(request, 'Bound Trader');
  const kyc = await must(
    call<{ data: { id: number; email: string }[] }>(request, 'GET', '/api/ops/kyc/queue', session.token),
    'kyc queue',
  );
  await must(
    call(request, 'POST', '/api/ops/kyc/decide', session.token, {
      id: String(kyc.data.find((i) => i.email === trader.email)?.id ?? 0),
      decision: 'approve',
    }),
    'kyc approve',
  );
  const traders = tronAddress();
  await must(
    call(request, 'POST', '/api/wallet/bind_draw_method', trader.token, {
      type: '1',
      network: 'TRC20',
      dc_address: traders,
    }),
    'bind',
  );
  const ours = tronAddress();
  const label = `E2E ${Date.now().toString(36)}`;
  const channels = () =>
    must(
      call<{ id: number; address: string; protocol_code: string }[]>(
        request,
        'GET',
        '/api/ops/cashier/channels',
        session.token,
      ),
      'channels',
    );

  const context = await opsContext(browser);
  await withOpsSession(context, session);
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/ops/cashier`);
  const card = page.getByTestId('ops-channels');
  await expect(card.getByTestId('ops-channel-row').first()).toBeVisible();
  const add = async (network: string, address: string) => {
    await field(card, 'Currency').fill('USDT');
    await field(card, 'Network').fill(network);
    await field(card, 'Receiving address').fill(address);
    await card.getByTestId('ops-channel-label-input').fill(label);
    await card.getByTestId('ops-channel-add').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  };

  await add('TRC20', ours);
  await expect(card.getByTestId('ops-channel-label').filter({ hasText: label })).toHaveCount(1);
  const added = (await channels()).filter((c) => c.address === ours);
  expect(added).toHaveLength(1);

  // The same address again, the network typed in lower case: refused, naming the one we have.
  await add('trc20', ours);
  const refusal = card.getByRole('alert');
  await expect(refusal).toContainText('We already have this receiving address or account');
  await expect(refusal).toContainText(`#${added[0]!.id}`);
  await shot(page, 'channel-duplicate');
  expect((await channels()).filter((c) => c.address === ours)).toHaveLength(1);

  // A trader's bound withdrawal address is never one of ours.
  await add('TRC20', traders);
  await expect(refusal).toContainText('A trader has bound this address or account');
  await shot(page, 'channel-trader-address');
  expect((await channels()).filter((c) => c.address === traders)).toHaveLength(0);

  // Tidy: traders' deposit pages need not offer the test address.
  await must(
    call(request, 'POST', '/api/ops/cashier/channels/enable', session.token, {
      id: String(added[0]!.id),
      enabled: '0',
    }),
    'disable',
  );
  await context.close();
});

test('the finance queues show their status column at 1280x800, a bank payout repeats amount and account, and they fit a 390x844 phone in en, hk and ar', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const finance = await createOps('finance,compliance', 'phone');
  const session = await opsToken(request, finance);
  const f = await fundedTrader(request, session.token, session.token, 'Phone Layout');
  await f.deposit('120');
  await f.withdraw('60');
  // A bank withdrawal too: a bound bank account, usable once its cooling period is over.
  const payee = `HK 024 ${Date.now().toString().slice(-8)}`;
  const bank = await must(
    call<{ id: number; draw_currency: { id: number } }>(
      request,
      'POST',
      '/api/wallet/bind_draw_method',
      f.trader.token,
      {
        type: '2',
        bank_name: 'Hang Seng Bank',
        bank_address: '83 Des Voeux Road Central, Hong Kong',
        bank_swift: 'HASEHKHH',
        payee_name: 'Phone Layout',
        payee_account: payee,
      },
    ),
    'bind bank',
  );
  await expect
    .poll(
      async () =>
        (
          await call(request, 'POST', '/api/account/draw', f.trader.token, {
            draw_currency_id: String(bank.draw_currency.id),
            number: '40',
            draw_method_id: String(bank.id),
          })
        ).code,
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(1);

  // At 1280x800 the queues show their status column beside the selected item.
  const desk = await opsContext(browser);
  await withOpsSession(desk, session);
  const dp = await desk.newPage();
  await dp.goto(`${baseUrl()}/ops/deposits`);
  await dp.getByTestId('ops-deposit-row').filter({ hasText: f.trader.email }).click();
  await expect(dp.getByTestId('ops-deposit-detail')).toContainText(f.trader.email);
  await lastColumnInView(dp, 'ops-deposits-table');
  await shot(dp, 'desktop-deposits');

  // The bank payout: the account to pay with a copy button, and the exact amount.
  await dp.goto(`${baseUrl()}/ops/withdrawals`);
  await dp
    .getByTestId('ops-withdrawal-row')
    .filter({ hasText: f.trader.email })
    .filter({ hasText: '40.00 USD' })
    .click();
  await expect(dp.getByTestId('ops-withdrawal-address')).toHaveText(payee);
  await expect(dp.getByTestId('ops-withdrawal-detail')).toContainText('Account number');
  await lastColumnInView(dp, 'ops-withdrawals-table');
  await dp.getByTestId('ops-withdrawal-pay').click();
  const details = dp.getByTestId('ops-pay-details');
  await expect(details).toContainText(/Send exactly \d[\d.,]* [A-Z]{3}.* to this bank account/);
  await expect(dp.getByTestId('ops-pay-address')).toHaveText(payee);
  await expect(dp.getByTestId('ops-pay-address-copy')).toBeVisible();
  await shot(dp, 'desktop-bank-payout');
  await dp.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await desk.close();

  for (const lng of ['en', 'hk', 'ar']) {
    const context = await opsContext(browser, PHONE, lng);
    await withOpsSession(context, session);
    const page = await context.newPage();
    const fits = async (button: string, name: string) => {
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ lng, page: name, width }).toEqual({ lng, page: name, width: PHONE.width });
      const target = page.getByTestId(button);
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      await shot(page, `phone-${lng}-${name}`);
    };

    await page.goto(`${baseUrl()}/ops/deposits`);
    await page.getByTestId('ops-deposit-row').filter({ hasText: f.trader.email }).click();
    await expect(page.getByTestId('ops-deposit-detail')).toContainText(f.trader.email);
    await fits('ops-deposit-approve', 'deposits');

    await page.goto(`${baseUrl()}/ops/withdrawals`);
    await page
      .getByTestId('ops-withdrawal-row')
      .filter({ hasText: f.trader.email })
      .filter({ hasText: '60.00 USD' })
      .click();
    await expect(page.getByTestId('ops-withdrawal-detail')).toContainText(f.trader.email);
    await fits('ops-withdrawal-pay', 'withdrawals');
    await context.close();
  }
});
