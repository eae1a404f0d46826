/**
 * Image captcha for registration when verify_reg_type is 2: GET /api/captcha -> { id, b64s }.
 * Five digits drawn as jittered strokes (no font needed), with noise lines, rasterized to PNG by sharp so the
 * answer is not present as text. One try per captcha, valid 5 minutes, answer stored hashed.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { randomDigits, randomSecret, safeEqual, sha256 } from '../../lib/security';

export const CAPTCHA_TTL_MS = 5 * 60_000;

// Seven segments per digit: a top, b top-right, c bottom-right, d bottom, e bottom-left, f top-left, g middle.
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abged',
  '3': 'abgcd',
  '4': 'fgbc',
  '5': 'afgcd',
  '6': 'afgedc',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

function rnd(min: number, max: number): number {
  return min + (crypto.randomInt(0, 10_000) / 10_000) * (max - min);
}

function digitPath(d: string, x: number, y: number, w: number, h: number): string {
  const j = () => rnd(-2.5, 2.5);
  const P = {
    tl: [x + j(), y + j()],
    tr: [x + w + j(), y + j()],
    ml: [x + j(), y + h / 2 + j()],
    mr: [x + w + j(), y + h / 2 + j()],
    bl: [x + j(), y + h + j()],
    br: [x + w + j(), y + h + j()],
  } as const;
  const seg: Record<string, [readonly number[], readonly number[]]> = {
    a: [P.tl, P.tr],
    b: [P.tr, P.mr],
    c: [P.mr, P.br],
    d: [P.bl, P.br],
    e: [P.ml, P.bl],
    f: [P.tl, P.ml],
    g: [P.ml, P.mr],
  };
  return (SEGMENTS[d] ?? '')
    .split('')
    .map((s) => {
      const [p, q] = seg[s] ?? [
        [0, 0],
        [0, 0],
      ];
      return `M${p[0]?.toFixed(1)} ${p[1]?.toFixed(1)} L${q[0]?.toFixed(1)} ${q[1]?.toFixed(1)}`;
    })
    .join(' ');
}

export async function renderCaptcha(answer: string): Promise<Buffer> {
  const W = 150;
  const H = 50;
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const hue = crypto.randomInt(0, 360);
    parts.push(
      `<path d="M${rnd(0, W)} ${rnd(0, H)} Q${rnd(0, W)} ${rnd(0, H)} ${rnd(0, W)} ${rnd(0, H)}" stroke="hsl(${hue},50%,60%)" stroke-width="1.2" fill="none"/>`,
    );
  }
  answer.split('').forEach((d, i) => {
    const x = 14 + i * 26 + rnd(-3, 3);
    const y = 10 + rnd(-3, 3);
    const angle = rnd(-12, 12).toFixed(1);
    const hue = crypto.randomInt(0, 360);
    parts.push(
      `<path transform="rotate(${angle} ${x + 8} ${y + 15})" d="${digitPath(d, x, y, 16, 30)}" stroke="hsl(${hue},60%,30%)" stroke-width="3.2" stroke-linecap="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${rnd(0, W).toFixed(1)}" cy="${rnd(0, H).toFixed(1)}" r="${rnd(0.5, 1.5).toFixed(1)}" fill="#888"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="100%" height="100%" fill="#f4f5f7"/>${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function createCaptcha(ctx: AppContext): Promise<{ id: string; b64s: string }> {
  const answer = randomDigits(5);
  const id = randomSecret(16);
  const now = ctx.now();
  const png = await renderCaptcha(answer);
  await ctx.db
    .insertInto('captchas')
    .values({
      id,
      answer_hash: sha256(`${id}|${answer}`),
      attempts: 0,
      expires_at: now + CAPTCHA_TTL_MS,
      used_at: null,
      created_at: now,
    })
    .execute();
  // Expired captchas are useless; drop them opportunistically.
  await ctx.db
    .deleteFrom('captchas')
    .where('expires_at', '<', now - CAPTCHA_TTL_MS)
    .execute();
  return { id, b64s: `data:image/png;base64,${png.toString('base64')}` };
}

/** Check and use up a captcha (one try). */
export async function verifyCaptcha(ctx: AppContext, id: string, answer: string): Promise<void> {
  const now = ctx.now();
  const used = await ctx.db
    .updateTable('captchas')
    .set({ used_at: now, attempts: 1 })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['answer_hash'])
    .executeTakeFirst();
  if (!used || !safeEqual(used.answer_hash, sha256(`${id}|${answer.trim()}`))) {
    throw new AppError(ERROR_CODES.badCaptcha, 'captcha.bad');
  }
}
