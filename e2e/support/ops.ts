/**
 * Helpers for the back-office specs: ops accounts made with the real CLI (`npm run ops`) on the e2e server's
 * database, TOTP codes computed here from the printed secret (RFC 6238 written out, independent of the server's
 * library), traders with a waiting real-name submission.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { registerUser, solidPng, uniqueEmail } from './account';
import type { RealUser } from './account';
import { baseUrl } from './app';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

export type OpsAccount = { email: string; password: string; secret: string };

/** RFC 6238: HMAC-SHA1 over the 30 s step counter, dynamic truncation, 6 digits. */
export function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

/** Run `npm run ops -- <args>` against the e2e server's database; returns what it printed. */
export async function opsCli(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global-setup)');
  const { stdout } = await run('node', ['tools/ops.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    timeout: 60_000,
  });
  return stdout;
}

/** A new ops account through the CLI: the password and TOTP secret it printed once. */
export async function createOps(roles = 'admin', tag = 'ops'): Promise<OpsAccount> {
  const email = uniqueEmail(tag);
  const out = roles === 'admin' ? await opsCli('create-admin', email) : await opsCli('create', email, roles);
  const password = /password \(shown once, store it safely\): (\S+)/.exec(out)?.[1];
  const uri = /(otpauth:\/\/totp\/\S+)/.exec(out)?.[1];
  if (!password || !uri) throw new Error(`unexpected CLI output:\n${out}`);
  return { email, password, secret: new URL(uri).searchParams.get('secret') ?? '' };
}

/** Sign in through the API (a code can be used once: each call waits for a fresh step if needed). */
export async function opsToken(
  request: APIRequestContext,
  account: OpsAccount,
): Promise<{ token: string; me: unknown }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await request.post(`${baseUrl()}/api/ops/auth/login`, {
      form: { email: account.email, password: account.password, code: totp(account.secret) },
      headers: { lang: 'en' },
    });
    const body = (await res.json()) as {
      code: number;
      msg: string;
      data: { token: string; account: unknown };
    };
    if (body.code === 1) return { token: body.data.token, me: body.data.account };
    if (body.code !== 1302) throw new Error(`ops sign-in: ${body.code} ${body.msg}`);
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
  throw new Error('ops sign-in: no fresh code');
}

/** Start the browser context with an ops session (as the ops area stores it). */
export async function withOpsSession(context: BrowserContext, session: { token: string; me: unknown }) {
  await context.addInitScript((s) => {
    localStorage.setItem('meridian.ops.token', s.token);
    localStorage.setItem('meridian.ops.me', JSON.stringify(s.me));
  }, session);
}

/** Sign in on /ops/login like a person: e-mail, password, the code of the moment. */
export async function signInOps(page: Page, account: OpsAccount, path = '/ops'): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await expect(page.getByTestId('page-ops-login')).toBeVisible();
  await page.getByTestId('ops-login-email').fill(account.email);
  await page.getByTestId('ops-login-password').fill(account.password);
  await page.getByTestId('ops-login-code').fill(totp(account.secret));
  await page.getByTestId('ops-login-submit').click();
}

type Envelope<T> = { code: number; msg: string; data: T };

/** A real trader with a waiting real-name submission (two uploaded photos). */
export async function traderWithKyc(request: APIRequestContext, name: string): Promise<RealUser> {
  const user = await registerUser(request, 'kyc');
  const upload = async (rgb: [number, number, number]) => {
    const res = await request.post(`${baseUrl()}/api/common/image_upload`, {
      headers: { authorization: user.token, lang: 'en' },
      multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: solidPng(320, rgb) } },
    });
    const body = (await res.json()) as Envelope<{ url: string }>;
    if (body.code !== 1) throw new Error(`upload: ${body.msg}`);
    return body.data.url;
  };
  const front = await upload([40, 90, 160]);
  const back = await upload([160, 90, 40]);
  const res = await request.post(`${baseUrl()}/api/user_real/real_name`, {
    headers: { authorization: user.token, lang: 'en' },
    form: { name, card_id: `Z${Date.now().toString().slice(-7)}`, front_pic: front, reverse_pic: back },
  });
  const body = (await res.json()) as Envelope<unknown>;
  if (body.code !== 1) throw new Error(`real_name: ${body.msg}`);
  return user;
}
