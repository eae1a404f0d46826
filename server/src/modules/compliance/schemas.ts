/** Inputs of the real-name calls and of the ops KYC review, and the shapes of their answers. */
import { z } from 'zod';
import { KYC_REJECT_REASONS } from '@meridian/shared/pure';
import type {
  OpsKycDecided,
  OpsKycDetail,
  OpsKycQueue,
  OpsKycSubmission,
  RealNameRecord,
  RealNameSubmitted,
} from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { id as rowId, optInt, optStr, str } from '../../lib/validate';
import { REVIEW } from './repository';

// ---- the trader's real-name calls ----

export const realNameBody = z.object({
  name: str(100).pipe(z.string().regex(/^[^<>{}\p{Cc}]{1,100}$/u, { message: 'v.name' })),
  card_id: str(40).pipe(z.string().regex(/^[A-Za-z0-9-]{4,40}$/, { message: 'v.cardId' })),
  front_pic: str(300),
  reverse_pic: str(300),
});

/** What /api/user_real/center answers: review_status 0 none (or rejected, with the reason), 1 waiting, 2 approved. */
export const realNameSchema = contract<RealNameRecord>()(
  z.strictObject({
    review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    name: z.string(),
    card_id: z.string(),
    front_pic: z.string(),
    reverse_pic: z.string(),
    reason: z.string(),
  }),
);

export const submittedSchema = contract<RealNameSubmitted>()(
  z.strictObject({ review_status: z.literal(REVIEW.waiting) }),
);

// ---- the ops KYC review ----

export const pageQuery = z.object({ page: optInt(1, 100_000), limit: optInt(1, 100) });
export const idQuery = z.object({ id: rowId() });

export const decideBody = z
  .object({
    id: rowId(),
    decision: z.enum(['approve', 'reject'], { message: 'v.oneOf' }),
    reason_code: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(KYC_REJECT_REASONS, { message: 'v.oneOf' }).optional(),
    ),
    note: optStr(500),
  })
  .superRefine((b, c) => {
    if (b.decision === 'reject' && !b.reason_code)
      c.addIssue({ code: 'custom', path: ['reason_code'], message: 'v.reasonRequired' });
    if (b.reason_code === 'other' && !b.note)
      c.addIssue({ code: 'custom', path: ['note'], message: 'v.noteRequired' });
  });

const { ms } = wire;
const id = z.number().int().min(1);
const uid = z.string().regex(/^\d{1,16}$/);

export const kycQueueSchema = contract<OpsKycQueue>()(
  z.strictObject({
    data: z.array(
      z.strictObject({ id, uid, email: z.string(), name: z.string(), card_id: z.string(), created_at: ms }),
    ),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    server_time: ms,
  }),
);

const submissionSchema = contract<OpsKycSubmission>()(
  z.strictObject({
    id,
    name: z.string(),
    card_id: z.string(),
    front_pic: z.string().startsWith('/api/common/upload/'),
    reverse_pic: z.string().startsWith('/api/common/upload/'),
    review_status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    reason_code: z.enum(KYC_REJECT_REASONS).nullable(),
    reason: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: ms.nullable(),
    created_at: ms,
  }),
);

export const kycDetailSchema = contract<OpsKycDetail>()(
  z.strictObject({
    submission: submissionSchema,
    user: z.strictObject({ id, uid, email: z.string(), created_at: ms, frozen: z.boolean() }),
    history: z.array(submissionSchema),
  }),
);

export const kycDecidedSchema = contract<OpsKycDecided>()(
  z.strictObject({ id, review_status: z.union([z.literal(2), z.literal(3)]) }),
);
