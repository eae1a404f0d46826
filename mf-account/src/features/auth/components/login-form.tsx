/**
 * `/login` (docs/routes.md, docs/rules.md): e-mail and password with the spec's required messages; on success back to `from` (an
 * in-app path) or `/`. Below it, a demo account in one tap: created on the server and logged in, no sign-up; the
 * device keeps its `demo_id`, so the same tap later (after a logout) comes back to the same demo account.
 */
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  AppLink,
  readStorage,
  setSessionAtom,
  STORAGE_KEYS,
  useAppNavigate,
  useQueryParam,
  useSetAtom,
  writeStorage,
} from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import { EmailField, Form, LinksRow, PrimaryButton, SecondaryButton } from '../../../components/form';
import { PasswordField } from '../../../components/password-field';
import { NS } from '../../../lib/ns';
import { safeFrom } from '../../../lib/safe-from';
import { createDemo, login, loginDemo } from '../api/auth-api';
import type { SessionAnswer } from '@meridian/shared/pure';

type Errors = { account?: string; password?: string };

/** The demo account this device created, if the server still knows it; else a new one, remembered. */
async function demoSession(): Promise<SessionAnswer> {
  const known = readStorage(STORAGE_KEYS.demoId);
  if (known) {
    try {
      return await loginDemo(known);
    } catch {
      writeStorage(STORAGE_KEYS.demoId, null);
    }
  }
  const created = await createDemo();
  writeStorage(STORAGE_KEYS.demoId, created.demo_id);
  return created;
}

export function LoginForm() {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  const from = safeFrom(useQueryParam('from'));
  const setSession = useSetAtom(setSessionAtom);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'login' | 'demo' | null>(null);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!account.trim()) next.account = t('login.enterAccount');
    if (!password) next.password = t('login.enterPassword');
    setErrors(next);
    if (next.account) return accountRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    setBusy('login');
    try {
      const session = await login(account.trim(), password);
      setSession({ token: session.token, user: session.user });
      navigate(from, { replace: true });
    } catch {
      // The client already toasted the server's message (wrong password, rate limited…).
      setBusy(null);
    }
  };

  const tryDemo = async () => {
    setBusy('demo');
    try {
      const session = await demoSession();
      setSession({ token: session.token, user: session.user });
      navigate(from, { replace: true });
    } catch {
      setBusy(null);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('login.title')}>
        <Welcome>{t('login.welcome')}</Welcome>
        <EmailField
          ref={accountRef}
          label={t('form.email')}
          value={account}
          onChange={(e) => {
            setAccount(e.target.value);
            if (e.target.value.trim()) setErrors((x) => ({ ...x, account: undefined }));
          }}
          error={errors.account}
          testId="login-account"
        />
        <PasswordField
          ref={passwordRef}
          label={t('form.password')}
          name="password"
          autoComplete="current-password"
          placeholder={t('login.enterPassword')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (e.target.value) setErrors((x) => ({ ...x, password: undefined }));
          }}
          error={errors.password}
          testId="login-password"
        />
        <PrimaryButton type="submit" disabled={busy !== null} data-testid="login-submit">
          {t('login.submit')}
        </PrimaryButton>
      </Form>
      <LinksRow>
        <AppLink to={PATHS.forgot}>{t('login.forgot')}</AppLink>
        <AppLink to={PATHS.register}>{t('login.register')}</AppLink>
      </LinksRow>
      <Demo aria-labelledby="demo-title">
        <DemoTitle id="demo-title">{t('login.demoTitle')}</DemoTitle>
        <DemoText>{t('login.demoText')}</DemoText>
        <SecondaryButton
          type="button"
          onClick={() => void tryDemo()}
          disabled={busy !== null}
          data-testid="login-demo"
        >
          {t('login.demoButton')}
        </SecondaryButton>
      </Demo>
    </>
  );
}

const Welcome = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 22px;
  font-weight: 600;
`;

const Demo = styled.section`
  margin: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const DemoTitle = styled.h2`
  margin: 0;
  font-size: 16px;
`;

const DemoText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;
