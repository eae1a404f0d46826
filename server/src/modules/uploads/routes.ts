/**
 *   POST /api/common/image_upload   multipart, field `file` -> { url }   (real users; JPEG/PNG/WebP, <= 5 MB)
 *   GET  /api/common/upload/:name   the image, to its owner and to the ops roles its purpose concerns (identity:
 *                                   compliance, deposit proof: finance, chat and feedback: support; admin all),
 *                                   authorization header; everyone else (no token included) gets HTTP 404 with
 *                                   envelope code 1002, the same as a missing file
 */
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { optionalUser, requireUser, tokenFrom, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { isOpsToken, optionalOps } from '../ops';
import { envelope, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { isUploadName, MAX_UPLOAD_BYTES, storeImage, UPLOAD_URL_PREFIX } from './service';

/**
 * Whether an ops person may read an upload: the reader's right follows the upload's purpose (service.ts
 * `claimUpload`): compliance identity photos, finance the proof of a deposit, support agents an image sent in a
 * support conversation; admin every one. An upload not used yet is its owner's only.
 */
async function opsMayRead(
  ctx: AppContext,
  actor: { roles: readonly string[] } | null,
  row: { name: string; purpose: string | null },
): Promise<boolean> {
  if (!actor) return false;
  if (actor.roles.includes('admin')) return true;
  const url = UPLOAD_URL_PREFIX + row.name;
  switch (row.purpose) {
    case 'identity':
      return actor.roles.includes('compliance');
    case 'deposit':
      return (
        actor.roles.includes('finance') &&
        !!(await ctx.db.selectFrom('deposits').select('id').where('proof_img', '=', url).executeTakeFirst())
      );
    case 'chat':
    case 'feedback':
      return actor.roles.includes('support') && (await attachedToSupport(ctx, url));
    default:
      return false;
  }
}

/** An image sent in a support conversation (agents may see those, and only those). */
async function attachedToSupport(ctx: AppContext, url: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('support_messages')
    .select('id')
    .where('image', '=', url)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export const uploadsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const t = ctx.i18n.t;
  const upload = {
    preHandler: requireUser(ctx, { realOnly: true }),
    schema: { response: okResponse(z.strictObject({ url: z.string().startsWith(UPLOAD_URL_PREFIX) })) },
  };

  app.post('/api/common/image_upload', upload, async (req) => {
    const user = userOf(req);
    await enforceLimit(ctx, 'uploadPerUser', String(user.id));
    if (!req.isMultipart()) throw new AppError(ERROR_CODES.badUpload, 'upload.noFile');
    let buf: Buffer | null = null;
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || buf !== null) {
          part.file.resume();
          continue;
        }
        buf = await part.toBuffer();
      }
    }
    if (!buf) throw new AppError(ERROR_CODES.badUpload, 'upload.noFile');
    const { url } = await storeImage(ctx, user.id, buf);
    return ok({ url }, t(req.lang, 'upload.ok'));
  });

  app.get<{ Params: { name: string } }>('/api/common/upload/:name', async (req, reply) => {
    // Anyone who may not read the image (no token, an ended session, another trader, an ops role the image's purpose
    // does not concern) gets HTTP 404 with 1002, the same as a missing file.
    const notFound = () =>
      reply.code(404).send(envelope(ERROR_CODES.notFound, t(req.lang, 'error.notFound'), null));
    const name = req.params.name;
    const token = tokenFrom(req);
    if (!token || !isUploadName(name)) return notFound();
    const row = await ctx.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) return notFound();
    const allowed = isOpsToken(token)
      ? await opsMayRead(ctx, await optionalOps(ctx, req, ['compliance', 'finance', 'support']), row)
      : (await optionalUser(ctx, req))?.id === row.owner_id;
    if (!allowed) return notFound();
    let data: Buffer;
    try {
      data = await fs.promises.readFile(path.join(ctx.uploadsDir, name));
    } catch {
      return notFound();
    }
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .type(row.mime)
      .send(data);
  });
};
