/** Helpers for the account end-to-end specs: the development outbox, real users, small PNG files. */
import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { baseUrl } from './app';
import type { DemoSession } from './app';

/** A unique e-mail address per call (the server keeps every account for the run). */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * The newest code e-mailed to `to`, read from the development outbox (GET /dev/outbox, an HTML list, newest first).
 * Polls briefly: the mail is written when the send call answers, but the page is a separate request.
 */
export async function readOutboxCode(request: APIRequestContext, to: string): Promise<string> {
  const escaped = to.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  for (let attempt = 0; attempt < 20; attempt++) {
    const html = await (await request.get(`${baseUrl()}/dev/outbox`)).text();
    for (const item of html.split('<li>')) {
      if (!item.includes(`to ${escaped} `)) continue;
      const code = /<pre>[\s\S]*?\b(\d{6})\b[\s\S]*?<\/pre>/.exec(item)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${to} in the outbox`);
}

type Envelope<T> = { code: number; msg: string; data: T };

async function form<T>(request: APIRequestContext, path: string, body: Record<string, string>): Promise<T> {
  const res = await request.post(`${baseUrl()}${path}`, { form: body, headers: { lang: 'en' } });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 1) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

export type RealUser = DemoSession & { email: string; password: string };

/** Register a real user through the API, with the code from the outbox (for specs that need one ready). */
export async function registerUser(request: APIRequestContext, tag = 'real'): Promise<RealUser> {
  const email = uniqueEmail(tag);
  const password = 'Meridian-e2e-1';
  await form(request, '/api/notify/send_email', { to: email, type: '1' });
  const code = await readOutboxCode(request, email);
  const session = await form<DemoSession>(request, '/api/user/register', {
    type: '1',
    account: email,
    password,
    re_password: password,
    sms_code: code,
  });
  return { ...session, email, password };
}

/** A valid PNG of `size`×`size` pixels in one colour (uploads are decoded by the server, so it must be real). */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Where the screenshots of the account pages go (looked at by a person after the run). */
export const SHOTS_DIR = process.env.ACCOUNT_SHOTS_DIR ?? '/tmp/account-shots';
