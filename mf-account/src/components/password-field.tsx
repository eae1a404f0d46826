/** A password field with a show/hide toggle (people type on phones; seeing the password avoids retyping). */
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/ns';
import { Field, InlineButton } from './form';
import type { FieldProps } from './form';

export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const { t } = useTranslation(NS);
    const [visible, setVisible] = useState(false);
    return (
      <Field
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        trailing={
          <InlineButton
            type="button"
            aria-pressed={visible}
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            onClick={() => setVisible((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
              {!visible && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" />}
            </svg>
          </InlineButton>
        }
      />
    );
  },
);

type T = (key: string) => string;

/** The local checks of docs/rules.md for a new password and its repeat: both filled ('fill in full'), equal. */
export function newPasswordErrors(
  password: string,
  repeat: string,
  t: T,
): { password?: string; repeat?: string } {
  if (!password || !repeat) {
    return {
      ...(password ? {} : { password: t('form.fillInFull') }),
      ...(repeat ? {} : { repeat: t('form.fillInFull') }),
    };
  }
  return password === repeat ? {} : { repeat: t('form.passwordsNotEqual') };
}

export type NewPasswordFieldsProps = {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  errors?: { password?: string | undefined; repeat?: string | undefined };
  /** `form.newPassword` (reset, change) or `form.password` (registration). */
  labelKey?: 'form.newPassword' | 'form.password';
  testIds: { password: string; repeat: string };
};

/** A new password and its repeat, as every form that sets a password asks for them. */
export function NewPasswordFields(p: NewPasswordFieldsProps) {
  const { t } = useTranslation(NS);
  const isNew = (p.labelKey ?? 'form.newPassword') === 'form.newPassword';
  return (
    <>
      <PasswordField
        label={t(p.labelKey ?? 'form.newPassword')}
        name="new-password"
        autoComplete="new-password"
        placeholder={t(isNew ? 'form.enterNewPassword' : 'form.enterPassword')}
        value={p.password}
        onChange={(e) => p.onPassword(e.target.value)}
        error={p.errors?.password}
        testId={p.testIds.password}
      />
      <PasswordField
        label={t('form.repeatPassword')}
        name="repeat-password"
        autoComplete="new-password"
        placeholder={t('form.enterRepeatPassword')}
        value={p.repeat}
        onChange={(e) => p.onRepeat(e.target.value)}
        error={p.errors?.repeat}
        testId={p.testIds.repeat}
      />
    </>
  );
}
