/**
 * Input validation. Every handler parses its query/body with a zod schema through `parseInput`; a failure throws a
 * ValidationError whose first issue becomes the envelope message (code 1001, or the rule's own code) in the
 * caller's language. Schema messages may be message keys (`v.*`, or a module's own such as `trade.*`), so rules can
 * name their own sentence; a custom issue may carry `params.code` to answer with its own envelope code.
 * A field is named by its label in the caller's language (`field.<name>`), never by its wire name.
 */
import { z } from 'zod';
import type { Language } from '@meridian/shared/pure';
import type { MsgParams } from './errors';
import type { I18n } from './i18n';

export type Issue = { field: string; key: string; params: MsgParams; code?: number };

/** A field's label in `lang` (`field.<name>`; the generic `field.input` for a name without one). */
export function fieldLabel(i18n: I18n, lang: Language, field: string): string {
  return i18n.t(lang, i18n.has(`field.${field}`) ? `field.${field}` : 'field.input');
}

/** The sentence of an issue in `lang`: its key translated, the field given by its label. */
export function issueMessage(i18n: I18n, lang: Language, issue: Issue | undefined): string {
  const field = fieldLabel(i18n, lang, issue?.field ?? 'input');
  return i18n.t(lang, issue?.key ?? 'v.invalid', { ...issue?.params, field });
}

export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly issues: Issue[]) {
    super(issues[0]?.key ?? 'v.invalid');
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

/** Whether a size issue is about a text's length (a number given as query text is about its value). */
const isLength = (i: z.core.$ZodIssue): boolean => (i as { origin?: unknown }).origin === 'string';

export function toIssues(error: z.ZodError, input: unknown): Issue[] {
  return error.issues.map((i) => {
    const field = i.path.map(String).join('.') || 'input';
    const params: MsgParams = { field };
    const own = i.code === 'custom' ? (i.params as { code?: unknown } | undefined)?.code : undefined;
    if (typeof own === 'number') {
      // The rule's own sentence, with the figures it names for it besides the field.
      const { code: _code, ...rest } = ((i as { params?: unknown }).params ?? {}) as MsgParams & {
        code?: unknown;
      };
      void _code;
      return { field, key: i.message, params: { ...rest, field }, code: own };
    }
    const value = valueAt(input, i.path);
    const present =
      value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
    // "Please fill in" only when the field is really missing; a present value of the wrong kind is "not valid".
    if (i.message === 'v.required' && present && typeof value !== 'string')
      return { field, key: 'v.invalid', params };
    // A rule's generic "not valid" for a value that is not there at all reads better as "please fill in".
    if ((i.message === 'v.invalid' || i.message === 'v.integer') && !present)
      return { field, key: 'v.required', params };
    if (i.message.startsWith('v.')) {
      // A custom rule may name the limit it holds ({ max }) for its sentence.
      const own = i.code === 'custom' ? (i.params as MsgParams | undefined) : undefined;
      return { field, key: i.message, params: own ? { ...own, field } : params };
    }
    if (i.code === 'invalid_type' && (value === undefined || value === null || value === ''))
      return { field, key: 'v.required', params };
    if (i.code === 'too_small' && (value === '' || value === undefined))
      return { field, key: 'v.required', params };
    if (i.code === 'too_small') {
      const min = Number((i as { minimum?: unknown }).minimum);
      return {
        field,
        key: isLength(i) ? 'v.tooShort' : 'v.outOfRange',
        params: { field, min },
      };
    }
    if (i.code === 'too_big') {
      const max = Number((i as { maximum?: unknown }).maximum);
      return { field, key: isLength(i) ? 'v.tooLong' : 'v.outOfRange', params: { field, max } };
    }
    if (i.code === 'invalid_value') return { field, key: 'v.oneOf', params };
    return { field, key: 'v.invalid', params };
  });
}

/**
 * Test hook: sees each schema a handler parses with and the input it parsed, so the fuzz pass learns every route's
 * fields from the schemas themselves. Unset outside tests.
 */
export const inputProbe: { record?: (schema: z.ZodType, input: object) => void } = {};

/** Parse `input` with `schema` or throw a ValidationError. Non-object input is treated as an empty object. */
/**
 * The first field (top level, or one level down in an array or object) whose text holds a NUL character: no field
 * of any call takes one, and PostgreSQL refuses it in text (a 500 otherwise), so it is refused before anything else.
 */
function nulField(source: object): string | null {
  const hasNul = (v: unknown): boolean =>
    typeof v === 'string'
      ? v.includes('\u0000')
      : Array.isArray(v)
        ? v.some((x) => typeof x === 'string' && x.includes('\u0000'))
        : v !== null && typeof v === 'object'
          ? Object.values(v).some((x) => typeof x === 'string' && x.includes('\u0000'))
          : false;
  for (const [field, v] of Object.entries(source)) if (hasNul(v)) return field;
  return null;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const source = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const nul = nulField(source);
  if (nul !== null) throw new ValidationError([{ field: nul, key: 'v.invalid', params: {} }]);
  inputProbe.record?.(schema, source);
  const r = schema.safeParse(source);
  if (!r.success) throw new ValidationError(toIssues(r.error, source));
  return r.data;
}

// ---- field helpers: form bodies and query strings carry strings; JSON bodies may carry numbers ----

/** A trimmed string; empty means missing. */
export const str = (max = 255) =>
  z
    .string({ message: 'v.required' })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { message: 'v.required' }).max(max));

/** An optional trimmed string ('' becomes undefined). */
export const optStr = (max = 255) =>
  z
    .string()
    .max(max * 4)
    .optional()
    .transform((s) => (s === undefined ? undefined : s.trim() || undefined))
    .pipe(z.string().max(max).optional());

/** An integer given as number or decimal string. */
export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,15}$/, { message: 'v.integer' }),
      ],
      { message: 'v.integer' },
    )
    // `+ 0` turns -0 into 0, so a hostile "-0" is an ordinary zero from here on.
    .transform((v) => Number(v) + 0)
    .pipe(z.number().int({ message: 'v.integer' }).min(min).max(max));

export const optInt = (min?: number, max?: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), int(min, max).optional());

// ---- bounded numbers: use these for every numeric input, so no call reaches arithmetic with a hostile value ----

/** The largest row id (a PostgreSQL `integer`): a bigger id is refused (1001), never a database error. */
export const MAX_ID = 2_147_483_647;
/** The deepest page a list may be asked for. */
export const MAX_PAGE = 100_000;

/** A required row id: an integer 1..MAX_ID. */
export const id = () => int(1, MAX_ID);
/** An optional row id ('' is absent). */
export const optId = () => optInt(1, MAX_ID);
/** A page number 1..MAX_PAGE, 1 when absent. */
export const page = () => optInt(1, MAX_PAGE).transform((v) => v ?? 1);
/** A page size 1..max, `dflt` when absent. */
export const pageSize = (max = 100, dflt = 10) => optInt(1, max).transform((v) => v ?? dflt);

export type DecimalBounds = {
  /** Largest value allowed (inclusive). */
  max: number;
  /** Smallest value allowed (inclusive); default 0. */
  min?: number;
  /** Whether 0 itself is refused (lots, amounts); default false. */
  positive?: boolean;
  /** Fraction digits allowed; default 10. */
  scale?: number;
};

/**
 * A non-negative decimal given as number or plain decimal text ("12.5"), returned as its text. Refused (1001) before
 * any arithmetic: exponent and hex forms, NaN, Infinity, signs, more than `scale` decimals, more than 12 integer
 * digits, anything outside min..max, arrays. A JS number is read through its shortest text (1e-7 is refused).
 */
export const decimal = ({ max, min = 0, positive = false, scale = 10 }: DecimalBounds) => {
  const shape = new RegExp(`^\\d{1,12}(?:\\.\\d{1,${scale}})?$`);
  return z
    .union([z.number().finite(), z.string().trim()], { message: 'v.invalid' })
    .transform((v) => (typeof v === 'number' ? String(v + 0) : v))
    .pipe(z.string().regex(shape, { message: 'v.invalid' }))
    .superRefine((text, ctx) => {
      const n = Number(text);
      if (n < min || n > max || (positive && n === 0)) {
        ctx.addIssue({ code: 'custom', message: 'v.outOfRange' });
      }
    });
};

/** An optional decimal ('' and null are absent). */
export const optDecimal = (bounds: DecimalBounds) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), decimal(bounds).optional());

export const email = () =>
  z
    .string({ message: 'v.required' })
    .transform((s) => s.trim().toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { message: 'v.required' })
        .max(254, { message: 'v.email' })
        .regex(
          /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
          {
            message: 'v.email',
          },
        ),
    );

/** Password policy: 8..128 characters, at least one letter and one digit. */
export const password = () =>
  z
    .string({ message: 'v.required' })
    .min(1, { message: 'v.required' })
    .min(8, { message: 'v.passwordWeak' })
    .max(128, { message: 'v.passwordLong' })
    .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), { message: 'v.passwordWeak' });
