/** Inputs of the ops frame's calls (sign-in, dashboard, audit, staff, remotes) and their answers, tied to the contract. */
import { z } from 'zod';
import { OPS_PATHS, OPS_ROLES } from '@meridian/shared/pure';
import type {
  OpsAccountView,
  OpsAuditRow,
  OpsDashboard,
  OpsMe,
  OpsPage,
  OpsRemote,
  OpsSecrets,
  OpsSignInResult,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { email, id, optInt, optStr, str } from '../../lib/validate';
import { isRemoteName } from './remotes';

// ---- inputs ----

export const loginBody = z.object({
  email: email(),
  password: z.string({ message: 'v.required' }).min(1, { message: 'v.required' }).max(128),
  code: str(6).pipe(z.string().regex(/^\d{6}$/, { message: 'v.totpCode' })),
});

/** Roles as a list or comma-separated text (a form sends `roles=support,finance`). */
const rolesField = z
  .union([z.array(z.string().max(16)).max(8), z.string().max(100)], { message: 'v.required' })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((r) => r.trim()).filter(Boolean));

export const idBody = z.object({ id: id() });
export const createStaffBody = z.object({ email: email(), roles: rolesField });
export const rolesBody = idBody.extend({ roles: rolesField });

export const auditQuery = z.object({
  actor: optStr(254),
  action: optStr(64),
  object_type: optStr(32),
  object_id: optStr(64),
  from: optInt(0, 8_640_000_000_000_000),
  to: optInt(0, 8_640_000_000_000_000),
  page: optInt(1, 100_000),
  limit: optInt(1, 100),
});

export const remoteBody = z.object({
  remote: str(32).refine(isRemoteName, { message: 'v.unknownRemote' }),
  version: optStr(80).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,80}$/, { message: 'v.invalid' })
      .optional(),
  ),
});

// ---- answers ----

const { ms } = wire;
const count = z.number().int().min(0);
const role = z.enum(OPS_ROLES);

export const opsMeSchema = contract<OpsMe>()(
  z.strictObject({
    id: z.number().int(),
    email: z.string(),
    roles: z.array(role),
    expires_at: ms,
    idle_timeout_ms: count,
  }),
);

export const signInSchema = contract<OpsSignInResult>()(
  z.strictObject({ token: z.string().regex(/^ops_[A-Za-z0-9_-]{64}$/), account: opsMeSchema }),
);

export const dashboardSchema = contract<OpsDashboard>()(
  z.strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        label: z.string(),
        count,
        oldest_at: ms.nullable(),
        path: z.enum(OPS_PATHS).nullable(),
      }),
    ),
    users_online: count,
    orders_today: count,
    server_time: ms,
  }),
);

/** `OpsPage<T>` of rows checked by `row`. */
export const opsPage = <S extends z.ZodType>(row: S) =>
  z.strictObject({ data: z.array(row), total: count, page: z.number().int().min(1), limit: count });

export const auditPageSchema = contract<OpsPage<OpsAuditRow>>()(
  opsPage(
    z.strictObject({
      id: z.number().int(),
      at: ms,
      actor_id: z.number().int().nullable(),
      actor_email: z.string(),
      actor_roles: z.string(),
      action: z.string().min(1),
      object_type: z.string().nullable(),
      object_id: z.string().nullable(),
      summary: z.string(),
      ip: z.string(),
      refs: z.record(z.string(), z.string()),
    }),
  ),
);

export const accountViewSchema = contract<OpsAccountView>()(
  z.strictObject({
    id: z.number().int(),
    email: z.string(),
    roles: z.array(role),
    totp_enrolled: z.boolean(),
    disabled: z.boolean(),
    created_at: ms,
    last_sign_in_at: ms.nullable(),
  }),
);

export const secretsSchema = contract<OpsSecrets>()(
  z.strictObject({
    account: accountViewSchema,
    password: z.string().min(16).optional(),
    otpauth_uri: z.string().startsWith('otpauth://totp/').optional(),
  }),
);

export const remoteSchema = contract<OpsRemote>()(
  z.strictObject({
    remote: z.string(),
    current: z.string().nullable(),
    versions: z.array(
      z.strictObject({ version: z.string(), built_at: z.string().nullable(), online: z.boolean() }),
    ),
    history: z.array(
      z.strictObject({
        at: z.string(),
        action: z.string(),
        from: z.string().nullable(),
        to: z.string(),
        by: z.string().nullable(),
      }),
    ),
    rollback_targets: z.array(z.string()),
  }),
);
