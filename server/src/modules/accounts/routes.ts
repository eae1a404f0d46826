/**
 * Account calls (docs/calls.md "Account and base"):
 *   POST /api/user/register            form: type, area_id, account, password, re_password, invite_code, sms_code, key, mobile
 *   POST /api/user/loginForU           form: account, password, login_type | demo_id  -> { token, user }
 *   GET  /api/user/createAccountDemoForU                                             -> { demo_id, token, user }
 *   GET  /api/user/info                                                              -> user
 *   POST /api/user/forget_password     form: type, account, new_password, secondary_password, auth_code
 *   POST /api/user/amend_password      form: old_password, new_password, re_password        (real users)
 *   POST /api/user/logout              revokes the calling token
 *   GET  /api/captcha                  -> { id, b64s }  (registration when verify_reg_type is 2)
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { z } from 'zod';
import { optionalUser, requireUser, userOf } from '../../lib/auth';
import { answers } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError, demoForbidden } from '../../lib/errors';
import { ERROR_CODES } from '@meridian/shared/pure';
import { enforceLimit } from '../../lib/limits';
import { beforeLogin, deviceOf, trustDevice } from '../../lib/login-guard';
import { parseInput, ValidationError } from '../../lib/validate';
import { createCaptcha } from './captcha';
import {
  amendBody,
  captchaSchema,
  credentialsBody,
  demoSessionSchema,
  forgetBody,
  loginInput,
  registerBody,
  sessionSchema,
  userSchema,
} from './schemas';
import * as service from './service';

export const accountsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const t = ctx.i18n.t;
  const session = answers(sessionSchema);
  const none = answers(z.null());
  const signedIn = { ...answers(userSchema), preHandler: requireUser(ctx) };
  const loggedOut = { ...none, preHandler: requireUser(ctx) };
  const realUser = { ...none, preHandler: requireUser(ctx, { realOnly: true }) };

  app.post('/api/user/register', session, async (req) => {
    const body = parseInput(registerBody, req.body);
    await enforceLimit(ctx, 'registerPerIp', req.ip);
    await enforceLimit(ctx, 'registerPerAccount', body.account);
    const data = await service.register(ctx, body, req.ip);
    return ok(data, t(req.lang, 'register.ok'));
  });

  app.post('/api/user/loginForU', session, async (req, reply) => {
    const raw = parseInput(loginInput, req.body);
    await enforceLimit(ctx, 'loginPerIp', req.ip);
    if (raw.demo_id) {
      await enforceLimit(ctx, 'loginPerAccount', `demo:${raw.demo_id}`);
      return ok(await service.loginDemo(ctx, raw.demo_id, req.ip), t(req.lang, 'login.ok'));
    }
    const body = parseInput(credentialsBody, req.body);
    // A device that signed in to this account before keeps its own allowance (lib/login-guard.ts: device cookies).
    const device = await deviceOf(ctx, req, 'trader', body.account);
    await beforeLogin(ctx, body.account, req.ip, device);
    const data = await service.login(ctx, body, req.ip, device);
    await trustDevice(ctx, req, reply, 'trader', body.account);
    return ok(data, t(req.lang, 'login.ok'));
  });

  app.get('/api/user/createAccountDemoForU', answers(demoSessionSchema), async (req) => {
    await enforceLimit(ctx, 'demoPerIp', req.ip);
    return ok(await service.createDemo(ctx, req.ip), t(req.lang, 'demo.created'));
  });

  app.get('/api/user/info', signedIn, async (req) => {
    return ok(await service.info(ctx, userOf(req).id));
  });

  app.post('/api/user/forget_password', none, async (req) => {
    const body = parseInput(forgetBody, req.body);
    if (body.type === 2) throw new AppError(ERROR_CODES.smsUnavailable, 'sms.unavailable');
    // Without an account field the reset is for the logged-in user (the /mine/password e-mail reset).
    let account = body.account;
    const caller = await optionalUser(ctx, req);
    if (caller?.isDemo) throw demoForbidden();
    if (!account) {
      if (!caller?.email)
        throw new ValidationError([{ field: 'account', key: 'v.required', params: { field: 'account' } }]);
      account = caller.email;
    }
    // Per account *and* source: a stranger's guesses never block the owner's own reset.
    await enforceLimit(ctx, 'loginPerIp', req.ip);
    await enforceLimit(ctx, 'loginPerAccount', `${account}|${req.ip}`);
    await service.forgetPassword(ctx, { ...body, account });
    return ok(null, t(req.lang, 'password.resetOk'));
  });

  app.post('/api/user/amend_password', realUser, async (req) => {
    const body = parseInput(amendBody, req.body);
    const user = userOf(req);
    await enforceLimit(ctx, 'loginPerAccount', `id:${user.id}`);
    await service.amendPassword(ctx, user.id, {
      oldPassword: body.old_password ?? body.password ?? '',
      newPassword: body.new_password,
      confirm: body.re_password ?? body.secondary_password,
    });
    return ok(null, t(req.lang, 'password.changedOk'));
  });

  app.post('/api/user/logout', loggedOut, async (req) => {
    const user = userOf(req);
    await service.logout(ctx, user.id, user.sessionId);
    return ok(null, t(req.lang, 'logout.ok'));
  });

  app.get('/api/captcha', answers(captchaSchema), async (req) => {
    await enforceLimit(ctx, 'captchaPerIp', req.ip);
    return ok(await createCaptcha(ctx));
  });
};
