/** Ops accounts for tests: created with the service, signed in through the real call with a computed TOTP code. */
import type { FastifyInstance } from 'fastify';
import type { OpsRole } from '@meridian/shared/pure';
import { createOpsAccount } from '../../src/modules/ops/accounts';
import { totpCode } from '../../src/modules/ops/totp';
import { call, uniqueEmail } from '../helpers';

export type TestOps = { id: number; email: string; password: string; secret: string; token: string };

export const secretOf = (uri: string): string => new URL(uri).searchParams.get('secret') ?? '';

export async function createOpsUser(app: FastifyInstance, roles: OpsRole[] = ['admin']): Promise<TestOps> {
  const email = uniqueEmail('ops');
  const created = await createOpsAccount(app.ctx.db, { email, roles, now: app.ctx.now() });
  const secret = secretOf(created.otpauthUri);
  const r = await call<{ token: string }>(app, {
    method: 'POST',
    url: '/api/ops/auth/login',
    form: { email, password: created.password, code: totpCode(secret, app.ctx.now()) },
  });
  if (r.body.code !== 1) throw new Error(`ops sign-in failed: ${JSON.stringify(r.body)}`);
  return { id: created.account.id, email, password: created.password, secret, token: r.body.data.token };
}
