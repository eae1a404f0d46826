/**
 * `/forgot` (docs/routes.md, docs/rules.md): reset by e-mail code. Locally only: both password fields filled ('fill in full') and
 * equal ('passwords not equal'); the e-mail is needed to send a code; the code itself is the server's to check.
 * The server revokes every session of the account, so a logged-in user here is logged out too.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSessionAtom, SendCodeButton, toast, useAppNavigate, useSetAtom } from '@meridian/shared';
import { PATHS, sanitizeDigits } from '@meridian/shared/pure';
import { CODE_MAX_DIGITS, EmailField, Field, Form, PrimaryButton } from '../../../components/form';
import { NewPasswordFields, newPasswordErrors } from '../../../components/password-field';
import { NS } from '../../../lib/ns';
import { CODE_TYPE, resetPassword, sendEmailCode } from '../api/auth-api';

type Errors = { email?: string; password?: string; repeat?: string };

export function ForgotForm() {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  const clearSession = useSetAtom(clearSessionAtom);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    if (!email.trim()) {
      setErrors({ email: t('form.enterEmail') });
      throw new Error('no e-mail');
    }
    setErrors({});
    const msg = await sendEmailCode(email.trim(), CODE_TYPE.reset);
    toast(msg || t('form.codeSent'), 'success');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = t('form.enterEmail');
    Object.assign(next, newPasswordErrors(password, repeat, t));
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const msg = await resetPassword({
        account: email.trim(),
        new_password: password,
        secondary_password: repeat,
        auth_code: code.trim(),
      });
      toast(msg || t('forgot.success'), 'success');
      clearSession();
      navigate(PATHS.login, { replace: true });
    } catch {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('forgot.title')}>
      <EmailField
        label={t('form.email')}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (e.target.value.trim()) setErrors((x) => ({ ...x, email: undefined }));
        }}
        error={errors.email}
        testId="forgot-email"
      />
      <Field
        label={t('form.emailCode')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={CODE_MAX_DIGITS}
        placeholder={t('form.enterCode')}
        value={code}
        onChange={(e) => setCode(sanitizeDigits(e.target.value, CODE_MAX_DIGITS))}
        testId="forgot-code"
        trailing={<SendCodeButton onSend={sendCode} />}
      />
      <NewPasswordFields
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={errors}
        testIds={{ password: 'forgot-password', repeat: 'forgot-repeat' }}
      />
      <PrimaryButton type="submit" disabled={busy} data-testid="forgot-submit">
        {t('forgot.submit')}
      </PrimaryButton>
    </Form>
  );
}
