/**
 * KYC review: the queue of waiting submissions, oldest first with how long each has waited, and the selected one
 * beside it (both photos, the user's earlier submissions). Approve after a confirmation, or reject with a listed
 * reason and a note. Keyboard: j / k (or ↓ / ↑) move through the queue, a approves, r rejects, u reloads.
 * When another reviewer decided first, the page says who and when and moves on; nothing is decided twice.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, Dialog, isApiError, toast } from '@meridian/shared';
import {
  formatOpsTime,
  OpsBadge,
  OpsButton,
  OpsButtons,
  OpsCard,
  OpsDialogForm,
  OpsEmpty,
  OpsFacts,
  OpsField,
  OpsFormError,
  OpsHead,
  OpsPage,
  OpsSelect,
  OpsState,
  OpsSub,
  OpsTable,
  OpsTableWrap,
  OpsTextarea,
  useHotkeys,
  useOpsLoad,
  useOpsNow,
  WaitingTime,
} from '@meridian/shared/ops';
import { ERROR_CODES, KYC_REJECT_REASONS } from '@meridian/shared/pure';
import type { KycRejectReason, OpsKycDetail, OpsKycSubmission } from '@meridian/shared/pure';
import { OPS_NS } from '../../../lib/ops-ns';
import { decide, fetchDetail, fetchQueue } from '../api/kyc-api';
import { OpsPhoto } from './ops-photo';

export function KycReview() {
  const { t, i18n } = useTranslation(OPS_NS);
  const now = useOpsNow();
  const [version, setVersion] = useState(0);
  const queue = useOpsLoad(fetchQueue, `queue-${version}`);
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const items = useMemo(() => (queue.status === 'ready' ? queue.data.data : []), [queue]);
  useHotkeys({ u: () => setVersion((v) => v + 1) });

  // Keep a selection while there is something to review.
  useEffect(() => {
    if (items.length === 0) setSelected(null);
    else if (selected === null || !items.some((i) => i.id === selected)) setSelected(items[0]?.id ?? null);
  }, [items, selected]);

  const move = useCallback(
    (step: number) => {
      if (items.length === 0) return;
      const at = items.findIndex((i) => i.id === selected);
      const next = items[Math.min(items.length - 1, Math.max(0, at + step))];
      if (next) {
        setSelected(next.id);
        document.querySelector(`[data-kyc-row="${next.id}"]`)?.scrollIntoView({ block: 'nearest' });
      }
    },
    [items, selected],
  );

  /** After a decision (ours or someone else's): the next submission in line is selected. */
  const done = useCallback(
    (id: number) => {
      const at = items.findIndex((i) => i.id === id);
      const rest = items.filter((i) => i.id !== id);
      setSelected(rest[Math.min(at, rest.length - 1)]?.id ?? null);
      setVersion((v) => v + 1);
    },
    [items],
  );

  return (
    <OpsPage
      title={t('kyc.title')}
      subtitle={
        queue.status === 'ready' ? t('kyc.subtitle', { count: queue.data.total }) : t('kyc.subtitleLoading')
      }
      actions={
        <OpsButton type="button" onClick={() => setVersion((v) => v + 1)} data-testid="kyc-reload">
          {t('kyc.reload')} <kbd>u</kbd>
        </OpsButton>
      }
      testId="page-ops-kyc"
    >
      <Keys aria-hidden="true">{t('kyc.keys')}</Keys>
      {notice && (
        <Notice role="alert" data-testid="kyc-notice">
          {notice}
        </Notice>
      )}
      <OpsState state={queue} rows={6}>
        {(data) =>
          data.data.length === 0 ? (
            <OpsEmpty data-testid="kyc-empty">{t('kyc.empty')}</OpsEmpty>
          ) : (
            <Split>
              <OpsTableWrap>
                <QueueTable aria-label={t('kyc.queue')} data-testid="kyc-queue">
                  <OpsHead labels={[t('kyc.waiting'), t('kyc.name'), t('kyc.account')]} />
                  <tbody>
                    {data.data.map((item) => (
                      <tr
                        key={item.id}
                        data-kyc-row={item.id}
                        data-clickable="true"
                        aria-selected={item.id === selected}
                        tabIndex={0}
                        onClick={() => setSelected(item.id)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') setSelected(item.id);
                        }}
                      >
                        <td>
                          <WaitingTime since={item.created_at} now={now} />
                        </td>
                        <td className="name">{item.name}</td>
                        <td className="clip" title={item.email}>
                          {item.email}
                          <OpsSub>
                            {t('kyc.uid')} {item.uid}
                          </OpsSub>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </QueueTable>
              </OpsTableWrap>
              {selected !== null && (
                <Detail
                  key={selected}
                  id={selected}
                  lng={i18n.language}
                  onMove={move}
                  onDecided={(id) => {
                    setNotice('');
                    done(id);
                  }}
                  onConflict={(id, msg) => {
                    setNotice(msg);
                    done(id);
                  }}
                />
              )}
            </Split>
          )
        }
      </OpsState>
    </OpsPage>
  );
}

function Detail({
  id,
  lng,
  onMove,
  onDecided,
  onConflict,
}: {
  id: number;
  lng: string;
  onMove: (step: number) => void;
  onDecided: (id: number) => void;
  onConflict: (id: number, msg: string) => void;
}) {
  const { t } = useTranslation(OPS_NS);
  const state = useOpsLoad(() => fetchDetail(id), String(id));
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const detail: OpsKycDetail | null = state.status === 'ready' ? state.data : null;
  const waiting = detail?.submission.review_status === 1;

  const send = useCallback(
    async (decision: Parameters<typeof decide>[0]) => {
      setBusy(true);
      try {
        toast(await decide(decision), 'success');
        onDecided(id);
      } catch (err) {
        if (isApiError(err) && err.code === ERROR_CODES.opsAlreadyDecided) onConflict(id, err.msg);
        else toast(isApiError(err) ? err.msg : t('kyc.failed'), 'error');
        setBusy(false);
      }
    },
    [id, onConflict, onDecided, t],
  );

  const approve = useCallback(async () => {
    if (!detail || !waiting || busy) return;
    const ok = await confirm({
      title: t('kyc.approveTitle'),
      message: t('kyc.approveMessage', { name: detail.submission.name, card: detail.submission.card_id }),
      confirmText: t('kyc.approve'),
    });
    if (ok) await send({ id, decision: 'approve' });
  }, [busy, detail, id, send, t, waiting]);

  useHotkeys({
    j: () => onMove(1),
    k: () => onMove(-1),
    ArrowDown: () => onMove(1),
    ArrowUp: () => onMove(-1),
    a: () => void approve(),
    r: () => {
      if (waiting && !busy) setRejecting(true);
    },
  });

  return (
    <OpsCard data-testid="kyc-detail">
      <OpsState state={state} rows={4}>
        {(d) => (
          <DetailBody>
            <Head>
              <div>
                <h2 data-testid="kyc-detail-name">{d.submission.name}</h2>
                <OpsSub dir="ltr">{d.submission.card_id}</OpsSub>
              </div>
              <OpsButtons>
                <OpsButton
                  type="button"
                  $variant="primary"
                  disabled={!waiting || busy}
                  onClick={() => void approve()}
                  data-testid="kyc-approve"
                >
                  {t('kyc.approve')} <kbd>a</kbd>
                </OpsButton>
                <OpsButton
                  type="button"
                  $variant="danger"
                  disabled={!waiting || busy}
                  onClick={() => setRejecting(true)}
                  data-testid="kyc-reject"
                >
                  {t('kyc.reject')} <kbd>r</kbd>
                </OpsButton>
              </OpsButtons>
            </Head>
            <OpsFacts>
              <dt>{t('kyc.email')}</dt>
              <dd>{d.user.email}</dd>
              <dt>{t('kyc.uid')}</dt>
              <dd>{d.user.uid}</dd>
              <dt>{t('kyc.submitted')}</dt>
              <dd>{formatOpsTime(d.submission.created_at, lng)}</dd>
              <dt>{t('kyc.since')}</dt>
              <dd>{formatOpsTime(d.user.created_at, lng)}</dd>
              {d.user.frozen && (
                <>
                  <dt>{t('kyc.state')}</dt>
                  <dd>
                    <OpsBadge $tone="bad">{t('kyc.frozen')}</OpsBadge>
                  </dd>
                </>
              )}
            </OpsFacts>
            <Photos>
              <OpsPhoto url={d.submission.front_pic} label={t('kyc.front')} testId="kyc-front" />
              <OpsPhoto url={d.submission.reverse_pic} label={t('kyc.back')} testId="kyc-back" />
            </Photos>
            <h3>{t('kyc.history')}</h3>
            <History items={d.history} currentId={d.submission.id} lng={lng} />
          </DetailBody>
        )}
      </OpsState>
      {rejecting && detail && (
        <RejectDialog
          name={detail.submission.name}
          busy={busy}
          onClose={() => setRejecting(false)}
          onReject={(reason_code, note) => {
            setRejecting(false);
            void send({ id, decision: 'reject', reason_code, ...(note ? { note } : {}) });
          }}
        />
      )}
    </OpsCard>
  );
}

function History({ items, currentId, lng }: { items: OpsKycSubmission[]; currentId: number; lng: string }) {
  const { t } = useTranslation(OPS_NS);
  return (
    <OpsTableWrap>
      <HistoryTable data-testid="kyc-history">
        <OpsHead labels={[t('kyc.submitted'), t('kyc.outcome'), t('kyc.reason'), t('kyc.decidedBy')]} />
        <tbody>
          {items.map((s) => (
            <tr key={s.id} aria-current={s.id === currentId ? 'true' : undefined}>
              <td>{formatOpsTime(s.created_at, lng)}</td>
              <td>
                <OpsBadge $tone={s.review_status === 2 ? 'ok' : s.review_status === 3 ? 'bad' : 'warn'}>
                  {t(`kyc.status${s.review_status}`)}
                </OpsBadge>
              </td>
              <td className="wrap">{s.reason ?? '—'}</td>
              <td className="who">
                {s.decided_by ?? '—'}
                {s.decided_at ? <OpsSub>{formatOpsTime(s.decided_at, lng)}</OpsSub> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </HistoryTable>
    </OpsTableWrap>
  );
}

function RejectDialog({
  name,
  busy,
  onClose,
  onReject,
}: {
  name: string;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: KycRejectReason, note: string) => void;
}) {
  const { t } = useTranslation(OPS_NS);
  const [reason, setReason] = useState<KycRejectReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('kyc.pickReason'));
    if (reason === 'other' && !note.trim()) return setError(t('kyc.describe'));
    onReject(reason, note.trim());
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} title={t('kyc.rejectTitle', { name })}>
      <OpsDialogForm onSubmit={submit} noValidate data-testid="kyc-reject-form">
        <OpsField label={t('kyc.reason')}>
          <OpsSelect
            value={reason}
            onChange={(e) => setReason(e.target.value as KycRejectReason)}
            autoFocus
            data-testid="kyc-reason"
          >
            <option value="">{t('kyc.chooseReason')}</option>
            {KYC_REJECT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reason.${r}`)}
              </option>
            ))}
          </OpsSelect>
        </OpsField>
        <OpsField label={t('kyc.note')}>
          <OpsTextarea
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('kyc.notePlaceholder')}
            data-testid="kyc-note"
          />
        </OpsField>
        <Hint>{t('kyc.noteHint')}</Hint>
        {error && <OpsFormError role="alert">{error}</OpsFormError>}
        <OpsButtons>
          <OpsButton type="button" onClick={onClose}>
            {t('kyc.cancel')}
          </OpsButton>
          <OpsButton type="submit" $variant="danger" disabled={busy} data-testid="kyc-reject-confirm">
            {t('kyc.reject')}
          </OpsButton>
        </OpsButtons>
      </OpsDialogForm>
    </Dialog>
  );
}

const Keys = styled.p`
  margin: -8px 0 0;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  @media (pointer: coarse) {
    display: none;
  }
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Split = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (min-width: 1200px) {
    grid-template-columns: minmax(360px, 2fr) 3fr;
  }
`;

/**
 * The queue in its narrow column (beside the detail from 1200 px): a long name wraps and a long e-mail is cut (in
 * full on hover and in the detail), so the account column is not cut off by the table's frame.
 */
const QueueTable = styled(OpsTable)`
  th {
    white-space: normal;
  }
  td.name {
    white-space: normal;
    overflow-wrap: anywhere;
    min-width: 96px;
  }
  td.clip {
    max-width: 170px;
  }
`;

const DetailBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0;
    font-size: 15px;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
  }
`;

const Photos = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Hint = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * The history sits in the narrow detail panel: the reason and who decided wrap (an e-mail breaks anywhere) instead
 * of pushing "Decided by" out of sight.
 */
const HistoryTable = styled(OpsTable)`
  td.wrap {
    min-width: 96px;
  }
  td.who {
    white-space: normal;
    overflow-wrap: anywhere;
    min-width: 120px;
  }
`;
