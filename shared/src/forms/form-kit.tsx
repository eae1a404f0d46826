/**
 * The form kit of every trader form (account, funds): a labelled field whose error is announced and tied to its
 * input, the amount field (the shared number field), a select, the primary and secondary buttons, the page body. Mobile first: 16 px inputs (no iOS zoom on focus), 44 px targets, logical properties only
 * so Arabic and Persian mirror on their own.
 */
import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { NumericInput } from '@meridian/shared';
import type { DecimalInputOptions, DecimalInputResult } from '@meridian/shared';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** An error message: shown under the input, announced, and the input marked invalid. */
  error?: string | null;
  /** Something at the input's end (send-code button, show-password toggle, captcha image). */
  trailing?: ReactNode;
  /** Something before the input on the same line (area code). */
  leading?: ReactNode;
  hint?: ReactNode;
  testId?: string;
};

/** A labelled text input with an announced error. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, trailing, leading, hint, testId, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      <InputRow $invalid={Boolean(error)}>
        {leading}
        <Input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...input}
        />
        {trailing}
      </InputRow>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <ErrorText id={errorId} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
        {error ?? ''}
      </ErrorText>
    </FieldBox>
  );
});

export type AmountFieldProps = {
  label: string;
  /** The text exactly as typed. */
  value: string;
  onChange: (text: string, result: DecimalInputResult) => void;
  /** What the field takes (MONEY_FIELD for USD). */
  options: Omit<DecimalInputOptions, 'language'>;
  /** The server's refusal for this field, shown when the text itself reads as an amount. */
  error?: string | null;
  placeholder?: string;
  testId?: string;
};

/**
 * A labelled amount: the shared number field (what was typed stays as typed; why it is not an amount shows under
 * it, naming the limit), in the look of the other fields, its message line kept so the form does not jump.
 */
export function AmountField({
  label,
  value,
  onChange,
  options,
  error,
  placeholder,
  testId,
}: AmountFieldProps) {
  const id = useId();
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      <NumericInput
        id={id}
        inputAs={AmountInput}
        options={options}
        value={value}
        onChange={onChange}
        error={error}
        placeholder={placeholder}
        reserve
        data-testid={testId}
      />
    </FieldBox>
  );
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
`;

export const PageBody = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
`;

const Label = styled.label`
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const InputRow = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-block-size: ${({ theme }) => theme.touch + 4}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  &:focus-within {
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.primary)};
  }
`;

const AmountInput = styled.input`
  min-block-size: ${({ theme }) => theme.touch + 4}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
  font-variant-numeric: tabular-nums;
  outline: none;
  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
    opacity: 0.7;
  }
  &:focus {
    border-color: ${({ theme }) => theme.color.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

/** An input or a select inside a field's row: the row draws the border; 16 px, so iOS does not zoom on focus. */
const bareControl = css`
  flex: 1;
  min-inline-size: 0;
  min-block-size: ${({ theme }) => theme.touch}px;
  border: 0;
  outline: none;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
`;

const Input = styled.input`
  ${bareControl}
  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
    opacity: 0.7;
  }
  &:read-only {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** Always rendered (empty when fine) so the form does not jump when a message appears. */
const ErrorText = styled.p`
  margin: 0;
  min-block-size: 18px;
  font-size: 13px;
  line-height: 18px;
  color: ${({ theme }) => theme.color.danger};
`;

export const PrimaryButton = styled.button`
  inline-size: 100%;
  min-block-size: ${({ theme }) => theme.touch + 4}px;
  margin-block-start: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(4)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 16px;
  font-weight: 600;
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;

export const SecondaryButton = styled.button`
  inline-size: 100%;
  min-block-size: ${({ theme }) => theme.touch + 4}px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
  font-weight: 500;
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;

export type SelectFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder: string;
  error?: string | null;
  testId?: string;
};

/** A labelled native select (the phone's own picker), with an announced error. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  testId,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      <InputRow $invalid={Boolean(error)}>
        <Select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </InputRow>
      <ErrorText id={`${id}-error`} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
        {error ?? ''}
      </ErrorText>
    </FieldBox>
  );
}

const Select = styled.select`
  ${bareControl}
  option {
    background: ${({ theme }) => theme.color.surface};
  }
`;

/** A small text button inside an input row (show password, refresh captcha). */
export const InlineButton = styled.button`
  flex: none;
  min-block-size: ${({ theme }) => theme.touch}px;
  min-inline-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(2)};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.primary};
  font-size: 14px;
`;

/** A row of secondary text links under a form. */
export const LinksRow = styled.div`
  display: flex;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(4)};
  a {
    display: inline-flex;
    align-items: center;
    min-block-size: ${({ theme }) => theme.touch}px;
    color: ${({ theme }) => theme.color.primary};
    text-decoration: none;
    font-size: 14px;
  }
`;
