/**
 *   POST /api/common/image_upload   multipart, field `file` -> { url }   (real users; JPEG/PNG/WebP, <= 5 MB)
 *   GET  /api/common/upload/:name   the image, to its owner, KYC reviewers and (for chat images) support agents
 *                                   only (authorization header); others get
 *                                   HTTP 404 with envelope code 1002, the same as a missing file
 */
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, requireUser, tokenFrom, userOf } from '../../lib/auth';
import { okResponse } from '../../lib/contract';
import { isOpsToken, optionalOps } from '../ops';
import { envelope, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { isUploadName, MAX_UPLOAD_BYTES, storeImage, UPLOAD_URL_PREFIX } from './service';

/** An image sent in a support conversation (agents may see those, and only those). */
async function attachedToSupport(ctx: FastifyInstance['ctx'], url: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('support_messages')
    .select('id')
    .where('image', '=', url)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
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
    const notFound = () =>
      reply.code(404).send(envelope(ERROR_CODES.notFound, t(req.lang, 'error.notFound'), null));
    // KYC reviewers (compliance, admin) with an ops session, finance for deposit proofs only, support agents for an
    // image sent in a support conversation, or the owner with a trader session.
    const name = req.params.name;
    const kyc = await optionalOps(ctx, req, ['compliance']);
    const finance = kyc ? null : await optionalOps(ctx, req, ['finance']);
    let reviewer = kyc ?? finance;
    if (!reviewer && isUploadName(name)) {
      const agent = await optionalOps(ctx, req, ['support']);
      if (agent && (await attachedToSupport(ctx, UPLOAD_URL_PREFIX + name))) reviewer = agent;
    }
    if (!reviewer && isOpsToken(tokenFrom(req) ?? '')) return notFound();
    const user = reviewer ? null : await authenticate(ctx, req);
    if (!isUploadName(name)) return notFound();
    const row = await ctx.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row || (!reviewer && row.owner_id !== user?.id)) return notFound();
    if (finance) {
      const proof = await ctx.db
        .selectFrom('deposits')
        .select('id')
        .where('proof_img', '=', `/api/common/upload/${name}`)
        .executeTakeFirst();
      if (!proof) return notFound();
    }
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
}
