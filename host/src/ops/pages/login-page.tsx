/**
 * /ops/login: e-mail, password and the 6-digit code of the authenticator app. After sign-in the person lands where
 * they were going (`from`), or on the dashboard. A session that ended while away says so.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { appStore, isApiError, readStorage, writeStorage } from '@meridian/shared';
import { OpsButton, OpsField, OpsInput, setOpsSessionAtom } from '@meridian/shared/ops';
import { OPS_PATHS } from '@meridian/shared/pure';
import { signIn } from '../api/auth-api';
import { OpsLanguagePicker } from '../language-picker';

/** Remembered so the next sign-in starts at the code (a person signs in many times a day). */
const LAST_EMAIL_KEY = 'meridian.ops.lastEmail';

export default function OpsLoginPage({ from }: { from: string | null }) {
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => readStorage(LAST_EMAIL_KEY) ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (email ? passwordRef : first).current?.focus();
    // Focus once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password || !/^\d{6}$/.test(code)) {
      setError(t('login.fillAll'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await signIn({ email: email.trim(), password, code });
      writeStorage(LAST_EMAIL_KEY, email.trim().toLowerCase());
      appStore.set(setOpsSessionAtom, { token: res.token, me: res.account });
      void navigate(from && from !== OPS_PATHS.login ? from : OPS_PATHS.dashboard, { replace: true });
    } catch (err) {
      setError(isApiError(err) ? err.msg : t('loadFailed'));
      setCode('');
      setBusy(false);
    }
  };

  return (
    <Page data-testid="page-ops-login">
      <Card onSubmit={(e) => void submit(e)} noValidate aria-labelledby="ops-login-title">
        <Brand>{t('brand')}</Brand>
        <h1 id="ops-login-title">{t('login.title')}</h1>
        {from && <Info role="status">{t('login.needed')}</Info>}
        <OpsField label={t('login.email')}>
          <OpsInput
            ref={first}
            type="email"
            name="email"
            autoComplete="username"
            dir="ltr"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="ops-login-email"
          />
        </OpsField>
        <OpsField label={t('login.password')}>
          <OpsInput
            ref={passwordRef}
            type="password"
            name="password"
            autoComplete="current-password"
            dir="ltr"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="ops-login-password"
          />
        </OpsField>
        <OpsField label={t('login.code')}>
          <OpsInput
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            data-testid="ops-login-code"
            dir="ltr"
          />
        </OpsField>
        <Hint>{t('login.codeHint')}</Hint>
        {error && (
          <Error role="alert" data-testid="ops-login-error">
            {error}
          </Error>
        )}
        <OpsButton type="submit" $variant="primary" disabled={busy} data-testid="ops-login-submit">
          {t('login.submit')}
        </OpsButton>
        <OpsLanguagePicker />
      </Card>
    </Page>
  );
}

const Page = styled.div`
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
`;

const Card = styled.form`
  width: min(100%, 400px);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  h1 {
    margin: 0;
    font-size: 20px;
  }
`;

const Brand = styled.div`
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  letter-spacing: 0.02em;
`;

const Info = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-size: 14px;
`;

const Hint = styled.p`
  margin: -${({ theme }) => theme.space(2)} 0 0;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Error = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 14px;
`;
