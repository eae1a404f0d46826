/**
 * `/mine/password`: old, new, repeat. All three filled ('fill in full'), new and repeat equal ('passwords not
 * equal'), and the new one not the current one ('password confusion': where docs/rules.md leaves its use open, a trader
 * who types the same password twice is confusing the two). The server revokes every session on success, so the
 * session is cleared here and the user logs in again.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, toast } from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { Form, LinksRow, PrimaryButton } from '../../../components/form';
import { NewPasswordFields, newPasswordErrors, PasswordField } from '../../../components/password-field';
import { NS } from '../../../lib/ns';
import { useLeaveAndSignOut } from '../../../lib/use-leave-and-sign-out';
import { amendPassword } from '../api/amend-password';

type Errors = { old?: string; next?: string; repeat?: string };

export function ChangePasswordForm() {
  const { t } = useTranslation(NS);
  const leaveAndSignOut = useLeaveAndSignOut();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!old) found.old = t('form.fillInFull');
    const pair = newPasswordErrors(next, repeat, t);
    if (pair.password) found.next = pair.password;
    if (pair.repeat) found.repeat = pair.repeat;
    if (!found.old && !found.next && next === old) found.next = t('form.passwordConfusion');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const msg = await amendPassword({ old_password: old, new_password: next, re_password: repeat });
      toast(msg || t('password.success'), 'success');
      leaveAndSignOut(PATHS.login);
    } catch {
      setBusy(false);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('password.title')}>
        <PasswordField
          label={t('form.oldPassword')}
          name="current-password"
          autoComplete="current-password"
          placeholder={t('form.enterOldPassword')}
          value={old}
          onChange={(e) => setOld(e.target.value)}
          error={errors.old}
          testId="password-old"
        />
        <NewPasswordFields
          password={next}
          repeat={repeat}
          onPassword={setNext}
          onRepeat={setRepeat}
          errors={{ password: errors.next, repeat: errors.repeat }}
          testIds={{ password: 'password-new', repeat: 'password-repeat' }}
        />
        <PrimaryButton type="submit" disabled={busy} data-testid="password-submit">
          {t('password.submit')}
        </PrimaryButton>
      </Form>
      <LinksRow>
        <AppLink to={PATHS.forgot}>{t('login.forgot')}</AppLink>
      </LinksRow>
    </>
  );
}
