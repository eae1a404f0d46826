/**
 * The account pages' own form pieces (the e-mail field and its limits) on the shared form kit
 * (`@meridian/shared/forms`), whose pieces are re-exported here for the account pages.
 */
import { forwardRef } from 'react';
import { Field } from '@meridian/shared/forms';
import type { FieldProps } from '@meridian/shared/forms';

export {
  Field,
  Form,
  PageBody,
  PrimaryButton,
  SecondaryButton,
  InlineButton,
  LinksRow,
} from '@meridian/shared/forms';
export type { FieldProps } from '@meridian/shared/forms';

/** A phone number's digits at most (E.164). */
export const PHONE_MAX_DIGITS = 15;
/** The e-mailed code and the image code are digits; six at most. */
export const CODE_MAX_DIGITS = 6;

/** An example address, the same in every language: shorter than any sentence, so it never truncates. */
export const EMAIL_PLACEHOLDER = 'name@example.com';

export type EmailFieldProps = Omit<FieldProps, 'type' | 'name' | 'inputMode' | 'autoComplete'> & {
  /** `username` where the address signs in (login, reset), `email` where it is a new one (register). */
  autoComplete?: 'username' | 'email';
};

/** The e-mail field of the account forms: the e-mail keyboard, autofill, no auto-capital, the example address. */
export const EmailField = forwardRef<HTMLInputElement, EmailFieldProps>(function EmailField(
  { autoComplete = 'username', ...props },
  ref,
) {
  return (
    <Field
      ref={ref}
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={EMAIL_PLACEHOLDER}
      {...props}
    />
  );
});
