/**
 * `/register` (docs/routes.md, docs/rules.md): e-mail, e-mail code (60 s countdown) or — when `verify_reg_type` is 2 — a captcha image
 * in its place, password and repeat, invite code prefilled from `invite_code`. The phone row follows
 * `is_show_mobile` (1 area code and phone, 3 phone only). The spec shows no client checks: the server validates and
 * its translated message is toasted. Only the e-mail is needed before a code can be sent.
 */
import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  AppLink,
  languageAtom,
  SendCodeButton,
  setSessionAtom,
  Skeleton,
  toast,
  useAppNavigate,
  useAtomValue,
  useQueryParam,
  useSetAtom,
  useLoad,
  LoadError,
} from '@meridian/shared';
import { PATHS } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared';
import { sanitizeDigits } from '@meridian/shared/pure';
import {
  CODE_MAX_DIGITS,
  EmailField,
  Field,
  Form,
  InlineButton,
  LinksRow,
  PHONE_MAX_DIGITS,
  PrimaryButton,
} from '../../../components/form';
import { NewPasswordFields } from '../../../components/password-field';
import { NS } from '../../../lib/ns';
import {
  CODE_TYPE,
  fetchAreaList,
  fetchCaptcha,
  fetchRegisterSettings,
  register,
  sendEmailCode,
} from '../api/auth-api';
import type { Area, CaptchaAnswer } from '@meridian/shared/pure';
import type { RegisterSettings } from '../api/auth-api';

/** The area code offered first: the country most users of each interface language dial from. */
const AREA_BY_LANGUAGE: Partial<Record<Language, string>> = {
  hk: 'HK',
  en: 'GB',
  jp: 'JP',
  kr: 'KR',
  th: 'TH',
  vn: 'VN',
  fr: 'FR',
  de: 'DE',
  ru: 'RU',
  spa: 'ES',
  pt: 'PT',
  ar: 'AE',
  it: 'IT',
  tr: 'TR',
  id: 'ID',
  my: 'MY',
  hi: 'IN',
  cs: 'CZ',
  fi: 'FI',
  et: 'EE',
};

export function RegisterForm() {
  const settings = useLoad(fetchRegisterSettings);
  if (settings.status === 'loading') return <FormSkeleton />;
  if (settings.status === 'error') return <LoadError onRetry={settings.reload} />;
  return <RegisterFields settings={settings.data} />;
}

function FormSkeleton() {
  const { t } = useTranslation('common');
  return (
    <SkeletonBox role="status" aria-busy="true" aria-label={t('loading')} data-testid="register-loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={52} />
      ))}
    </SkeletonBox>
  );
}

function RegisterFields({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  const setSession = useSetAtom(setSessionAtom);
  const language = useAtomValue(languageAtom);
  const captchaMode = settings.verifyRegType === 2;
  const phoneMode = settings.isShowMobile === 1 ? 'area' : settings.isShowMobile === 3 ? 'phone' : 'none';

  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [invite, setInvite] = useState(useQueryParam('invite_code') ?? '');
  const [areaId, setAreaId] = useState<number | null>(null);
  const [areas, setAreas] = useState<Area[]>([]);
  const [mobile, setMobile] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = useCallback(() => {
    setCode('');
    fetchCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);

  useEffect(() => {
    if (captchaMode) refreshCaptcha();
  }, [captchaMode, refreshCaptcha]);

  useEffect(() => {
    if (phoneMode !== 'area') return;
    fetchAreaList().then(
      (list) => {
        setAreas(list);
        const preferred = list.find((a) => a.code === AREA_BY_LANGUAGE[language]) ?? list[0];
        setAreaId((id) => id ?? preferred?.id ?? null);
      },
      () => setAreas([]),
    );
    // The language is only a first guess at the country; changing it later must not reset the user's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phoneMode]);

  const sendCode = async () => {
    if (!email.trim()) {
      setEmailError(t('form.enterEmail'));
      throw new Error('no e-mail');
    }
    setEmailError(null);
    const msg = await sendEmailCode(email.trim(), CODE_TYPE.register);
    toast(msg || t('form.codeSent'), 'success');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const session = await register({
        account: email.trim(),
        password,
        re_password: rePassword,
        invite_code: invite.trim(),
        sms_code: code.trim(),
        ...(captchaMode && captcha ? { key: captcha.id } : {}),
        ...(phoneMode === 'area' && areaId !== null ? { area_id: areaId } : {}),
        ...(phoneMode !== 'none' ? { mobile: mobile.trim() } : {}),
      });
      setSession({ token: session.token, user: session.user });
      toast(t('register.success'), 'success');
      navigate(PATHS.home, { replace: true });
    } catch {
      // The server's message was toasted. A captcha answers once: show a new one.
      if (captchaMode) refreshCaptcha();
      setBusy(false);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('register.title')}>
        <EmailField
          label={t('form.email')}
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (e.target.value.trim()) setEmailError(null);
          }}
          error={emailError}
          testId="register-email"
        />
        {phoneMode !== 'none' && (
          <Field
            label={t('form.phone')}
            type="tel"
            name="mobile"
            autoComplete={phoneMode === 'area' ? 'tel-national' : 'tel'}
            inputMode="tel"
            maxLength={PHONE_MAX_DIGITS}
            placeholder={t('form.enterPhone')}
            value={mobile}
            onChange={(e) => setMobile(sanitizeDigits(e.target.value, PHONE_MAX_DIGITS))}
            testId="register-mobile"
            leading={
              phoneMode === 'area' ? (
                <AreaSelect
                  aria-label={t('form.areaCode')}
                  data-testid="register-area"
                  value={areaId ?? ''}
                  onChange={(e) => setAreaId(Number(e.target.value))}
                >
                  {areas.map((a) => (
                    <option key={a.id} value={a.id}>
                      {`${a.code} ${a.global_code}`}
                    </option>
                  ))}
                </AreaSelect>
              ) : undefined
            }
          />
        )}
        {captchaMode ? (
          <Field
            label={t('form.captcha')}
            name="captcha"
            autoComplete="off"
            inputMode="numeric"
            maxLength={CODE_MAX_DIGITS}
            placeholder={t('form.enterCaptcha')}
            value={code}
            onChange={(e) => setCode(sanitizeDigits(e.target.value, CODE_MAX_DIGITS))}
            testId="register-captcha"
            trailing={
              <CaptchaButton
                type="button"
                onClick={refreshCaptcha}
                aria-label={t('form.refreshCaptcha')}
                data-testid="register-captcha-image"
              >
                {captcha ? (
                  <img src={captcha.b64s} alt="" width={96} height={36} />
                ) : (
                  <Skeleton width={96} height={36} />
                )}
              </CaptchaButton>
            }
          />
        ) : (
          <Field
            label={t('form.emailCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={CODE_MAX_DIGITS}
            placeholder={t('form.enterCode')}
            value={code}
            onChange={(e) => setCode(sanitizeDigits(e.target.value, CODE_MAX_DIGITS))}
            testId="register-code"
            trailing={<SendCodeButton onSend={sendCode} />}
          />
        )}
        <NewPasswordFields
          labelKey="form.password"
          password={password}
          repeat={rePassword}
          onPassword={setPassword}
          onRepeat={setRePassword}
          testIds={{ password: 'register-password', repeat: 'register-repassword' }}
        />
        <Field
          label={t('form.inviteCode')}
          name="invite_code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('form.inviteOptional')}
          value={invite}
          onChange={(e) => setInvite(e.target.value)}
          testId="register-invite"
        />
        <PrimaryButton type="submit" disabled={busy} data-testid="register-submit">
          {t('register.submit')}
        </PrimaryButton>
      </Form>
      <LinksRow>
        <AppLink to={PATHS.login}>{t('register.haveAccount')}</AppLink>
      </LinksRow>
    </>
  );
}

const SkeletonBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
`;

/** As wide as the chosen code ("GB +44"), no wider, so the number and its placeholder keep the room (390 px). */
const AreaSelect = styled.select`
  flex: none;
  field-sizing: content;
  max-inline-size: 40%;
  min-block-size: ${({ theme }) => theme.touch}px;
  border: 0;
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  padding-inline-end: ${({ theme }) => theme.space(2)};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
  font-variant-numeric: tabular-nums;
`;

const CaptchaButton = styled(InlineButton)`
  padding: 0;
  img {
    display: block;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;
