/**
 * `/feedback`: a short form — topic, text, an optional screenshot (the existing upload; logged-in real users) —
 * whose entry reaches the agent inbox as a conversation. Guests send it with their device's visitor id.
 */
import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isApiError, sessionAtom, toast, useAtomValue } from '@meridian/shared';
import { uploadImage } from '@meridian/shared/media';
import { CHAT_MAX_TEXT, FEEDBACK_TOPICS } from '@meridian/shared/pure';
import type { FeedbackTopic } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { visitorId } from '../../../lib/visitor';
import { sendFeedback } from '../api/feedback';

export function FeedbackForm() {
  const { t } = useTranslation(NS);
  const { token, user } = useAtomValue(sessionAtom);
  const canAttach = !!token && !!user && !user.is_demo;
  const [topic, setTopic] = useState<FeedbackTopic>('idea');
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ url: string; preview: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    setBusy(true);
    try {
      const url = await uploadImage(f);
      setImage({ url, preview: URL.createObjectURL(f) });
    } catch (err) {
      toast(isApiError(err) ? err.message : t('chat.uploadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t('feedback.textRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const visitor = token ? undefined : (visitorId() ?? undefined);
      const { msg } = await sendFeedback({ topic, text: text.trim(), image: image?.url, visitor });
      toast(msg, 'success');
      setSent(true);
      setText('');
      setImage(null);
    } catch (err) {
      setError(isApiError(err) ? err.message : t('feedback.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Done data-testid="feedback-sent">
        <p>{t('feedback.thanks')}</p>
        <Secondary type="button" onClick={() => setSent(false)}>
          {t('feedback.another')}
        </Secondary>
      </Done>
    );
  }

  return (
    <Form onSubmit={(e) => void submit(e)} data-testid="feedback-form" noValidate>
      <Intro>{t('feedback.intro')}</Intro>
      {/* A div, not a label: a label would name (and click) the first topic button as "Topic". */}
      <Field as="div">
        <span>{t('feedback.topic')}</span>
        <Topics role="radiogroup" aria-label={t('feedback.topic')}>
          {FEEDBACK_TOPICS.map((k) => (
            <Chip
              key={k}
              type="button"
              role="radio"
              aria-checked={topic === k}
              onClick={() => setTopic(k)}
              data-testid={`feedback-topic-${k}`}
            >
              {t(`feedback.topics.${k}`)}
            </Chip>
          ))}
        </Topics>
      </Field>
      <Field>
        <span>{t('feedback.text')}</span>
        <Area
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={CHAT_MAX_TEXT}
          rows={6}
          placeholder={t('feedback.placeholder')}
          data-testid="feedback-text"
          aria-invalid={error ? true : undefined}
        />
        <Count>
          {text.length} / {CHAT_MAX_TEXT}
        </Count>
      </Field>
      {canAttach && (
        <Field as="div">
          <span>{t('feedback.screenshot')}</span>
          {image ? (
            <Shot>
              <img src={image.preview} alt={t('feedback.screenshot')} />
              <Secondary type="button" onClick={() => setImage(null)}>
                {t('feedback.removeScreenshot')}
              </Secondary>
            </Shot>
          ) : (
            <Secondary
              type="button"
              onClick={() => file.current?.click()}
              disabled={busy}
              data-testid="feedback-attach"
            >
              {t('feedback.addScreenshot')}
            </Secondary>
          )}
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(e) => void onFile(e)}
          />
        </Field>
      )}
      {error && <Error role="alert">{error}</Error>}
      <Submit type="submit" disabled={busy} data-testid="feedback-submit">
        {t('feedback.submit')}
      </Submit>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Intro = styled.p`
  margin: 0;
  font-size: 14px;
  line-height: 1.5;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Topics = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Chip = styled.button`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 18px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;
  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
  }
`;

const Area = styled.textarea`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: 15px;
  line-height: 1.45;
  resize: vertical;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Count = styled.small`
  align-self: flex-end;
  font-variant-numeric: tabular-nums;
`;

const Shot = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  img {
    width: 72px;
    height: 72px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Secondary = styled.button`
  align-self: flex-start;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;
`;

const Error = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 14px;
`;

const Submit = styled.button`
  min-height: 48px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 16px;
  font-weight: 600;
  &:disabled {
    opacity: 0.6;
  }
`;

const Done = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  p {
    margin: 0;
    font-size: 15px;
    line-height: 1.5;
  }
`;
