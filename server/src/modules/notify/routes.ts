/**
 * Code sending and the development outbox:
 *   POST /api/notify/send_email   form: to, area_id, type (1 register, 2 reset)
 *   POST /api/notify/send_sms     form: to, area_id, type   (no SMS provider in this build: code 1107)
 *   GET  /dev/outbox              HTML list of kept e-mails (not in production, not when SMTP is configured)
 */
import { ERROR_CODES } from '@meridian/shared/pure';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { okResponse } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { enforceLimit } from '../../lib/limits';
import { fromLoopback } from '../../lib/loopback';
import { email, int, optInt, parseInput, str } from '../../lib/validate';
import { codeCountdown, issueEmailCode, mailAlreadyRegistered, PURPOSE } from './service';

const purpose = int(1, 2).refine((n) => n === 1 || n === 2, { message: 'v.oneOf' });
const sendEmailBody = z.object({ to: email(), area_id: optInt(0, 100000), type: purpose });
const sendSmsBody = z.object({
  to: str(32).pipe(z.string().regex(/^\+?\d{4,20}$/, { message: 'v.mobile' })),
  area_id: optInt(0, 100000),
  type: purpose,
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the code-sending routes read of the accounts module, handed in by buildApp (no import of theirs). */
export type NotifyReads = {
  /** The account of this e-mail address, if any (a reset code goes only to a real account). */
  findUser: (email: string) => Promise<{ is_demo: number } | undefined>;
};

export const notifyRoutes: FastifyPluginAsync<NotifyReads & { ctx: AppContext }> = async (
  app,
  { ctx, findUser },
) => {
  const t = ctx.i18n.t;
  const none = { schema: { response: okResponse(z.null()) } };

  app.post('/api/notify/send_email', none, async (req) => {
    const body = parseInput(sendEmailBody, req.body);
    await enforceLimit(ctx, 'codePerIp', req.ip);
    await enforceLimit(ctx, 'codePerTarget', body.to);
    // The same answers for every address, registered or not (the e-mail, not the answer, tells the owner): the
    // countdown first, then "sent" whatever happens.
    await codeCountdown(ctx, body.to, body.type);
    const existing = await findUser(body.to);
    if (body.type === PURPOSE.register && existing) {
      await mailAlreadyRegistered(ctx, req.lang, body.to);
      return ok(null, t(req.lang, 'code.sent'));
    }
    // A reset code for an unknown (or demo) account is not sent.
    if (body.type === PURPOSE.reset && (!existing || existing.is_demo === 1))
      return ok(null, t(req.lang, 'code.sent'));
    await issueEmailCode(ctx, req.lang, body.to, body.type);
    return ok(null, t(req.lang, 'code.sent'));
  });

  app.post('/api/notify/send_sms', none, async (req) => {
    const body = parseInput(sendSmsBody, req.body);
    await enforceLimit(ctx, 'codePerIp', req.ip);
    await enforceLimit(ctx, 'codePerTarget', `sms:${body.to}`);
    if (!ctx.sms) {
      req.log.info({ type: body.type }, 'SMS requested but no SMS provider is configured');
      throw new AppError(ERROR_CODES.smsUnavailable, 'sms.unavailable');
    }
    // A provider exists only behind the interface for now; phone accounts are not part of this build.
    throw new AppError(ERROR_CODES.smsUnavailable, 'sms.unavailable');
  });

  app.get('/dev/outbox', async (req, reply) => {
    // Live codes: only for someone at this machine, never in production, never when mail is really delivered.
    if (ctx.config.nodeEnv === 'production' || ctx.mailer.kind !== 'outbox' || !fromLoopback(req)) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    const rows = await ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(200).execute();
    const items = rows
      .map(
        (r) =>
          `<li><p><strong>${escapeHtml(r.subject)}</strong><br><small>to ${escapeHtml(r.to_addr)} · ${new Date(
            r.created_at,
          ).toISOString()}</small></p><pre>${escapeHtml(r.body_text)}</pre></li>`,
      )
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Development outbox</title><style>body{font:15px system-ui,sans-serif;max-width:46rem;margin:1rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd;list-style:none}ul{padding:0}pre{white-space:pre-wrap}</style></head><body><h1>Development outbox</h1><p>E-mail is not delivered in this mode (no SMTP_URL); the newest 200 messages are kept here.</p><ul>${
      items || '<li>No messages yet.</li>'
    }</ul></body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
};
