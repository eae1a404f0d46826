/** Inputs of the ops frame's calls (sign-in, dashboard, audit, staff, remotes) and their answers, tied to the contract. */
import { z } from 'zod';
import { OPS_PATHS, OPS_ROLES } from '@meridian/shared/pure';
import type {
  OpsAccountView,
  OpsAuditRow,
  OpsDashboard,
  OpsMe,
  OpsPage,
  OpsReleaseCheck,
  OpsReleaseGuard,
  OpsRemote,
  OpsSecrets,
  OpsSignInResult,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { email, id, optInt, optStr, str } from '../../lib/validate';
import { parseCanaryPercent } from '@meridian/config/registry.cjs';
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

/** A canary's share of devices: a whole number 1–99 (the registry's own rule, config/registry.cjs). */
const canaryPercent = z
  .union([z.number(), z.string().max(8, { message: 'v.canaryPercent' })], { message: 'v.canaryPercent' })
  .refine(
    (v) => {
      try {
        parseCanaryPercent(v);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'v.canaryPercent' },
  )
  .transform((v) => parseCanaryPercent(v));

export const canaryBody = z.object({
  remote: str(32).refine(isRemoteName, { message: 'v.unknownRemote' }),
  version: str(80).pipe(z.string().regex(/^[A-Za-z0-9._-]{1,80}$/, { message: 'v.invalid' })),
  percent: canaryPercent,
});

export const canaryEndBody = z.object({
  remote: str(32).refine(isRemoteName, { message: 'v.unknownRemote' }),
});

export const guardBody = z.object({
  auto_rollback: z
    .union([z.enum(['0', '1', 'true', 'false']), z.boolean(), z.literal(0), z.literal(1)], {
      message: 'v.oneOf',
    })
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
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

const figuresSchema = z.strictObject({
  version: z.string(),
  sessions: count,
  error_sessions: count,
  error_rate: z.number().min(0).max(100),
  chunk_failures: count,
  chunk_failure_rate: z.number().min(0),
});

export const releaseCheckSchema = contract<OpsReleaseCheck>()(
  z.strictObject({
    candidate: figuresSchema,
    baseline: figuresSchema,
    reason: z.enum(['errors', 'chunks']).nullable(),
    sessions_needed: count,
    since: ms,
    at: ms,
  }),
);

export const releaseGuardSchema = contract<OpsReleaseGuard>()(
  z.strictObject({
    auto_rollback: z.boolean(),
    min_sessions: count,
    error_ratio: z.number().positive(),
    error_floor_percent: z.number().min(0).max(100),
    chunk_failure_percent: z.number().min(0).max(100),
    check_seconds: count,
    watch_hours: count,
  }),
);

export const remoteSchema = contract<OpsRemote>()(
  z.strictObject({
    remote: z.string(),
    current: z.string().nullable(),
    canary: z
      .strictObject({
        version: z.string(),
        percent: z.number().int().min(1).max(99),
        since: z.string(),
        by: z.string().nullable(),
        check: releaseCheckSchema.nullable(),
      })
      .nullable(),
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
        percent: z.number().int().min(1).max(99).optional(),
        check: releaseCheckSchema.optional(),
      }),
    ),
    rollback_targets: z.array(z.string()),
  }),
);
