/**
 * `/mine/auth` (docs/states.md, docs/rules.md): the review state decides the screen. 0 shows the form (with the ops reason above it
 * when the last submission was rejected), 1 waiting and 2 approved show the submission read-only. Name and ID
 * number are required; each photo uploads when picked. A successful submit shows waiting at once.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Skeleton, toast, useLoad, LoadError } from '@meridian/shared';
import { Field, Form, PrimaryButton } from '../../../components/form';
import { NS } from '../../../lib/ns';
import { fetchRealName, submitRealName } from '../api/real-name-api';
import type { RealNameRecord } from '../api/real-name-api';
import { PhotoSlot } from './photo-slot';

export function RealNameView() {
  const state = useLoad(fetchRealName);
  if (state.status === 'loading') return <ViewSkeleton />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const record = state.data;
  if (record.review_status === 1 || record.review_status === 2) return <ReadOnly record={record} />;
  return <RealNameForm record={record} onSubmitted={state.setData} />;
}

function ViewSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Body role="status" aria-busy="true" aria-label={t('loading')} data-testid="auth-loading">
      <Skeleton height={52} />
      <Skeleton height={52} />
      <Photos>
        <Skeleton height={110} />
        <Skeleton height={110} />
      </Photos>
    </Body>
  );
}

function ReadOnly({ record }: { record: RealNameRecord }) {
  const { t } = useTranslation(NS);
  const approved = record.review_status === 2;
  return (
    <Body>
      <Banner
        $tone={approved ? 'ok' : 'wait'}
        role="status"
        data-testid={approved ? 'auth-approved' : 'auth-waiting'}
      >
        <strong>{approved ? t('auth.approved') : t('auth.waiting')}</strong>
        <span>{approved ? t('auth.approvedText') : t('auth.waitingText')}</span>
      </Banner>
      <Dl>
        <dt>{t('auth.name')}</dt>
        <dd data-testid="auth-name-value">{record.name}</dd>
        <dt>{t('auth.idNumber')}</dt>
        <dd dir="ltr" data-testid="auth-card-value">
          {record.card_id}
        </dd>
      </Dl>
      <Photos>
        <PhotoSlot
          label={t('auth.front')}
          value={record.front_pic}
          onChange={() => {}}
          readOnly
          testId="auth-front"
        />
        <PhotoSlot
          label={t('auth.back')}
          value={record.reverse_pic}
          onChange={() => {}}
          readOnly
          testId="auth-back"
        />
      </Photos>
    </Body>
  );
}

type Errors = { name?: string; card?: string };

function RealNameForm({
  record,
  onSubmitted,
}: {
  record: RealNameRecord;
  onSubmitted: (record: RealNameRecord) => void;
}) {
  const { t } = useTranslation(NS);
  // After a rejection, keep the typed details; the photos are asked for again, since they are the usual reason.
  const [name, setName] = useState(record.name ?? '');
  const [card, setCard] = useState(record.card_id ?? '');
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = t('auth.enterName');
    if (!card.trim()) found.card = t('auth.enterIdNumber');
    setErrors(found);
    if (found.name || found.card) return;
    setBusy(true);
    try {
      const msg = await submitRealName({
        name: name.trim(),
        card_id: card.trim(),
        front_pic: front,
        reverse_pic: back,
      });
      toast(msg || t('auth.submitted'), 'success');
      onSubmitted({
        review_status: 1,
        name: name.trim(),
        card_id: card.trim(),
        front_pic: front,
        reverse_pic: back,
        reason: '',
      });
    } catch {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-label={t('auth.title')}>
      {record.reason ? (
        <Banner $tone="bad" role="alert" data-testid="auth-rejected">
          <strong>{t('auth.rejected')}</strong>
          <span>{t('auth.rejectedReason', { reason: record.reason })}</span>
        </Banner>
      ) : (
        <Intro>{t('auth.intro')}</Intro>
      )}
      <Field
        label={t('auth.name')}
        name="name"
        autoComplete="name"
        placeholder={t('auth.enterName')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          // A message goes as soon as its field is filled.
          if (e.target.value.trim()) setErrors((x) => ({ ...x, name: undefined }));
        }}
        error={errors.name}
        testId="auth-name"
      />
      <Field
        label={t('auth.idNumber')}
        name="card_id"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('auth.enterIdNumber')}
        value={card}
        onChange={(e) => {
          setCard(e.target.value);
          if (e.target.value.trim()) setErrors((x) => ({ ...x, card: undefined }));
        }}
        error={errors.card}
        testId="auth-card"
      />
      <PhotosLabel>{t('auth.photos')}</PhotosLabel>
      <Photos>
        <PhotoSlot label={t('auth.front')} value={front} onChange={setFront} testId="auth-front" />
        <PhotoSlot label={t('auth.back')} value={back} onChange={setBack} testId="auth-back" />
      </Photos>
      <PrimaryButton type="submit" disabled={busy} data-testid="auth-submit">
        {t('auth.submit')}
      </PrimaryButton>
    </Form>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.textMuted};
  line-height: 1.5;
`;

const Banner = styled.div<{ $tone: 'ok' | 'wait' | 'bad' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-block-end: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 4px solid
    ${({ theme, $tone }) =>
      $tone === 'ok' ? theme.color.up : $tone === 'bad' ? theme.color.danger : theme.color.warning};
  background: ${({ theme }) => theme.color.surface};
  line-height: 1.5;
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
`;

const Dl = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
    overflow-wrap: anywhere;
  }
`;

const PhotosLabel = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Photos = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-end: ${({ theme }) => theme.space(2)};
`;
