/**
 * The one number field of the app: every amount, lots and price field. It shows exactly what was
 * typed (no filtering, no clipping, no re-signing), reads it with `parseDecimalInput` and, when the text is not a
 * number the field takes, says why right under it in the trader's language, naming the limit broken ("Too many
 * decimals: at most 2"). The parent gets `(text, result)` on every change, keeps the text, and keeps its action
 * disabled until `result.ok`; only `result.value` (canonical ASCII decimal) goes to the server.
 * Kept small: it is part of the shared package every first visit pays for. Its strings are the `numeric` namespace,
 * loaded on first use without suspending (the field renders at once; a message shows when the strings are there).
 */
import { useId } from 'react';
import type { ElementType, InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import styled from 'styled-components';
import { LANGUAGE_BCP47, normalizeLanguage } from '../constants';
import { parseDecimalInput } from '../domain/input';
import type { DecimalInputOptions, DecimalInputResult } from '../domain/input';

/** The i18next namespace of the field's messages (present in all 21 languages). */
export const NUMERIC_NS = 'numeric';

export type NumericInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength' | 'pattern' | 'dir'
> & {
  /** The text exactly as typed. */
  value: string;
  onChange: (text: string, result: DecimalInputResult) => void;
  /** What the field takes (decimals, bounds); the language is the trader's. */
  options: Omit<DecimalInputOptions, 'language'>;
  /** Say "Enter a number" for an empty field (otherwise an empty field is quiet; the parent decides if it may be). */
  required?: boolean;
  /**
   * Another message about this field (a rule, the server's answer), shown when the text reads as a number or is
   * empty; a text that is not a number shows its own reason instead.
   */
  error?: string | null;
  /** The page's own input look (a styled input); a plain bordered input by default. */
  inputAs?: ElementType;
  /** Keep the message's line even when empty, so nothing moves when one appears. */
  reserve?: boolean;
  /** Classes for the wrapper (input + message). */
  className?: string;
  'data-testid'?: string;
};

/** A formatted limit: "1,000,000" in English, "1.000.000" in German. Limits are plain decimal text. */
function formatLimit(limit: string, lang: string): string {
  const tag = LANGUAGE_BCP47[normalizeLanguage(lang)];
  // Intl formats decimal strings exactly (no float), as typed: Intl.NumberFormat v3.
  const format = new Intl.NumberFormat(tag, { maximumFractionDigits: 20 }).format as (v: string) => string;
  try {
    return format(limit);
  } catch {
    return limit;
  }
}

/** The sentence for a refused text, in the trader's language; null when the text is fine (or empty and optional). */
export function numericMessage(
  result: DecimalInputResult,
  t: TFunction,
  lang: string,
  { required = false }: { required?: boolean } = {},
): string | null {
  if (result.ok) return null;
  const limit = result.limit === undefined ? '' : formatLimit(result.limit, lang);
  switch (result.reason) {
    case 'empty':
      return required ? t('empty', { ns: NUMERIC_NS }) : null;
    case 'decimals':
      return result.limit === '0'
        ? t('decimalsNone', { ns: NUMERIC_NS })
        : t('decimals', { ns: NUMERIC_NS, max: limit });
    case 'digits':
    case 'tooLarge':
      return t(result.reason, { ns: NUMERIC_NS, max: limit });
    case 'tooSmall':
      return t(result.exclusive ? 'moreThan' : 'tooSmall', { ns: NUMERIC_NS, min: limit });
    default:
      return t(result.reason, { ns: NUMERIC_NS });
  }
}

export function NumericInput({
  value,
  onChange,
  options,
  required = false,
  error,
  inputAs,
  reserve = false,
  className,
  id,
  'aria-describedby': describedBy,
  'data-testid': testId,
  disabled,
  ...input
}: NumericInputProps) {
  const { t, i18n, ready } = useTranslation(NUMERIC_NS, { useSuspense: false });
  const own = useId();
  const inputId = id ?? own;
  const messageId = `${inputId}-message`;
  const language = normalizeLanguage(i18n.language);
  const read = (text: string) => parseDecimalInput(text, { ...options, language });
  const result = read(value);
  // A disabled field is not being filled in: it says nothing. An empty one says the parent's words first (its own
  // "Enter a number" when required); a text that is not a number says why; a number shows the parent's rule, if any.
  let message: string | null = null;
  if (!disabled) {
    if (result.ok) message = error ?? null;
    else if (result.reason === 'empty') message = error ?? (required && ready ? t('empty') : null);
    else message = ready ? numericMessage(result, t, i18n.language) : null;
  }
  const Input = inputAs ?? PlainInput;
  return (
    <Wrap className={className}>
      <Input
        {...input}
        id={inputId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        disabled={disabled}
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={[describedBy, message ? messageId : null].filter(Boolean).join(' ') || undefined}
        onChange={(e: { target: { value: string } }) => onChange(e.target.value, read(e.target.value))}
        data-testid={testId}
      />
      {(message || reserve) && (
        <Message
          id={messageId}
          role="alert"
          $reserve={reserve}
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {message ?? ''}
        </Message>
      )}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-inline-size: 0;
`;

const PlainInput = styled.input`
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: 400 16px / 1.2 ${({ theme }) => theme.font.body};
  font-variant-numeric: tabular-nums;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Message = styled.p<{ $reserve: boolean }>`
  margin: 0;
  min-block-size: ${({ $reserve }) => ($reserve ? '18px' : '0')};
  color: ${({ theme }) => theme.color.danger};
  font-size: 13px;
  line-height: 1.35;
`;
