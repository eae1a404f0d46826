/**
 * Image uploads: JPEG, PNG or WebP recognised by their magic bytes (never by name or declared type), at most 5 MB
 * and 25 megapixels, decoded and re-encoded by sharp (drops metadata and anything hidden after the image),
 * stored under DATA_DIR/uploads with a random name, outside the static root.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { OutputInfo } from 'sharp';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { randomSecret } from '../../lib/security';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_PIXELS = 25_000_000;
export const UPLOAD_URL_PREFIX = '/api/common/upload/';

type Kind = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' };

export function sniffImage(buf: Buffer): Kind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { mime: 'image/jpeg', ext: 'jpg' };
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

const NAME = /^[A-Za-z0-9_-]{32}\.(jpg|png|webp)$/;
export function isUploadName(name: string): boolean {
  return NAME.test(name);
}

export async function storeImage(
  ctx: AppContext,
  ownerId: number,
  buf: Buffer,
): Promise<{ url: string; name: string }> {
  if (buf.length === 0) throw new AppError(ERROR_CODES.badUpload, 'upload.noFile');
  if (buf.length > MAX_UPLOAD_BYTES)
    throw new AppError(ERROR_CODES.payloadTooLarge, 'upload.tooLarge', {}, 413);
  const kind = sniffImage(buf);
  if (!kind) throw new AppError(ERROR_CODES.badUpload, 'upload.badType');
  let out: { data: Buffer; info: OutputInfo };
  try {
    const img = sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await img.metadata();
    if (meta.format !== { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[kind.mime]) {
      throw new AppError(ERROR_CODES.badUpload, 'upload.badType');
    }
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) {
      throw new AppError(ERROR_CODES.badUpload, 'upload.tooManyPixels', { max: MAX_PIXELS / 1_000_000 });
    }
    const pipeline = img.rotate();
    const encoded =
      kind.ext === 'jpg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : kind.ext === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    out = await encoded.toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError(ERROR_CODES.badUpload, 'upload.tooManyPixels', { max: MAX_PIXELS / 1_000_000 });
    }
    throw new AppError(ERROR_CODES.badUpload, 'upload.corrupt');
  }
  const name = `${randomSecret(24)}.${kind.ext}`;
  await fs.promises.mkdir(ctx.uploadsDir, { recursive: true });
  const file = path.join(ctx.uploadsDir, name);
  await fs.promises.writeFile(file, out.data, { flag: 'wx', mode: 0o600 });
  try {
    await ctx.db
      .insertInto('uploads')
      .values({
        owner_id: ownerId,
        name,
        mime: kind.mime,
        size: out.data.length,
        width: out.info.width,
        height: out.info.height,
        created_at: ctx.now(),
      })
      .execute();
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
  return { url: UPLOAD_URL_PREFIX + name, name };
}

/** The upload named by a URL (or bare name) if it belongs to `ownerId`. */
export async function ownedUpload(ctx: AppContext, ownerId: number, urlOrName: string) {
  const name = urlOrName.startsWith(UPLOAD_URL_PREFIX)
    ? urlOrName.slice(UPLOAD_URL_PREFIX.length)
    : urlOrName;
  if (!isUploadName(name)) return undefined;
  return ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('name', '=', name)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/**
 * What an upload is for. Set the first time it is used and never changed: an identity photo is no deposit proof, a
 * chat image no identity photo. Who may read it follows (routes.ts): the owner always; compliance identity photos,
 * finance deposit proofs, support agents chat and feedback images (admin every one).
 */
export const UPLOAD_PURPOSES = ['identity', 'deposit', 'chat', 'feedback'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Purposes an upload serves once (a deposit proof proves one deposit). */
const SINGLE_USE: ReadonlySet<UploadPurpose> = new Set(['deposit']);

export type Claim =
  | { ok: true; name: string; url: string }
  /** missing: not an upload of this owner; purpose: uploaded for something else; used: a single use already made. */
  | { ok: false; reason: 'missing' | 'purpose' | 'used' };

/**
 * Use the upload named by `urlOrName` (the owner's) for `purpose`: tags an unused upload with it in one conditional
 * update, so two requests racing for the same image cannot both have it. Every use of an upload goes through here.
 */
export async function claimUpload(
  db: AppContext['db'],
  ownerId: number,
  urlOrName: string,
  purpose: UploadPurpose,
): Promise<Claim> {
  const name = urlOrName.startsWith(UPLOAD_URL_PREFIX)
    ? urlOrName.slice(UPLOAD_URL_PREFIX.length)
    : urlOrName;
  if (!isUploadName(name)) return { ok: false, reason: 'missing' };
  const taken = await db
    .updateTable('uploads')
    .set({ purpose })
    .where('name', '=', name)
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      SINGLE_USE.has(purpose)
        ? eb('purpose', 'is', null)
        : eb.or([eb('purpose', 'is', null), eb('purpose', '=', purpose)]),
    )
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return { ok: true, name, url: UPLOAD_URL_PREFIX + name };
  const row = await db
    .selectFrom('uploads')
    .select('purpose')
    .where('name', '=', name)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'missing' };
  return { ok: false, reason: row.purpose === purpose ? 'used' : 'purpose' };
}

/** Give back a single-use claim whose use did not happen (the deposit was refused): nothing refers to it. */
export async function releaseUpload(
  db: AppContext['db'],
  name: string,
  purpose: UploadPurpose,
  stillUsed: () => Promise<boolean>,
): Promise<void> {
  if (await stillUsed()) return;
  await db
    .updateTable('uploads')
    .set({ purpose: null })
    .where('name', '=', name)
    .where('purpose', '=', purpose)
    .execute();
}

/** The refusal message of a failed claim (`missing` is the caller's own). */
export function claimRefusal(reason: 'purpose' | 'used'): string {
  return reason === 'used' ? 'upload.usedProof' : 'upload.wrongPurpose';
}
