/**
 * The withdrawals queue (finance, admin): waiting withdrawals oldest first. Pay with the payout reference (the held
 * amount leaves for good), or reject with a reason (the hold returns to the trader's balance). Decided once: the
 * second person is told who decided and when.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@meridian/shared';
import {
  formatOpsTime,
  OpsBadge,
  OpsButton,
  OpsCard,
  OpsEmpty,
  OpsFacts,
  OpsHead,
  OpsPage,
  OpsPager,
  OpsState,
  OpsSub,
  OpsTableWrap,
  OpsToolbar,
  useOpsLoad,
  useOpsNow,
  WaitingTime,
} from '@meridian/shared/ops';
import type { OpsWithdrawal, OpsWithdrawalDecision } from '@meridian/shared/pure';
import {
  AccountState,
  CopyValue,
  DetailActions,
  Notice,
  PromptDialog,
  QueueTable,
  Split,
  StatusFilter,
} from '../../../components/ops-queue';
import type { Prompt } from '../../../components/ops-queue';
import { Mono } from '../../../components/ui';
import { decisionRefusal } from '../../../lib/ops-decision';
import { OPS_NS } from '../../../lib/ops-ns';
import { decideWithdrawal, fetchWithdrawalQueue } from '../api/withdrawals-api';
import {
  canDecide,
  canPay,
  decidedNoteKey,
  payoutAmount,
  payoutTarget,
  payoutTargetKey,
  payTextKey,
  WITHDRAWAL_TONE,
  withdrawalDecisionExtra,
} from '../state/payout';

export function WithdrawalsQueue() {
  const { t, i18n } = useTranslation(OPS_NS);
  const now = useOpsNow();
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const queue = useOpsLoad(() => fetchWithdrawalQueue(status, page), `${status}-${page}-${version}`);
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const items = queue.status === 'ready' ? queue.data.data : [];
  const current = items.find((d) => d.id === selected) ?? items[0] ?? null;

  useEffect(() => {
    setSelected(null);
  }, [status, page]);

  const run = async (w: OpsWithdrawal, decision: OpsWithdrawalDecision, text: string) => {
    try {
      const { msg } = await decideWithdrawal(w.id, decision, withdrawalDecisionExtra(decision, text));
      toast(msg, 'success');
      setNotice('');
    } catch (err) {
      const refusal = decisionRefusal(err);
      if ('notice' in refusal) setNotice(refusal.notice);
      else throw refusal.error;
    } finally {
      setVersion((v) => v + 1);
    }
  };

  return (
    <OpsPage
      title={t('withdrawals.title')}
      subtitle={queue.status === 'ready' ? t('withdrawals.subtitle', { n: queue.data.total }) : ''}
      actions={
        <OpsButton
          type="button"
          onClick={() => setVersion((v) => v + 1)}
          data-testid="ops-withdrawals-reload"
        >
          {t('reload')}
        </OpsButton>
      }
      testId="page-ops-withdrawals"
    >
      <OpsToolbar onSubmit={(e) => e.preventDefault()}>
        <StatusFilter
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[0, 1, 2].map((s) => ({ value: s, label: t(`withdrawals.status.${s}`) }))}
        />
      </OpsToolbar>
      {notice && (
        <Notice role="alert" data-testid="ops-withdrawals-notice">
          {notice}
        </Notice>
      )}
      <OpsState state={queue} rows={6}>
        {(data) =>
          data.data.length === 0 ? (
            <OpsEmpty data-testid="ops-withdrawals-empty">{t('withdrawals.empty')}</OpsEmpty>
          ) : (
            <Split>
              <div>
                <OpsTableWrap>
                  <QueueTable aria-label={t('withdrawals.title')} data-testid="ops-withdrawals-table">
                    <OpsHead
                      labels={[
                        status === 0 ? t('waiting') : t('decided'),
                        t('amount'),
                        t('account'),
                        t('status'),
                      ]}
                    />
                    <tbody>
                      {data.data.map((w) => (
                        <tr
                          key={w.id}
                          data-clickable="true"
                          aria-selected={w.id === current?.id}
                          tabIndex={0}
                          onClick={() => setSelected(w.id)}
                          onKeyDown={(e) => e.key === 'Enter' && setSelected(w.id)}
                          data-testid="ops-withdrawal-row"
                        >
                          <td className="when">
                            {w.status === 0 ? (
                              <WaitingTime since={w.created_at} now={now} />
                            ) : (
                              formatOpsTime(w.decided_at ?? w.created_at, i18n.language)
                            )}
                          </td>
                          <td dir="ltr">
                            {w.amount} USD
                            <OpsSub>
                              {w.real_number} {w.currency_code} · {w.protocol}
                            </OpsSub>
                          </td>
                          <td className="clip" title={w.email}>
                            {w.email}
                            <OpsSub>UID {w.uid}</OpsSub>
                          </td>
                          <td>
                            <OpsBadge $tone={WITHDRAWAL_TONE[w.status]}>
                              {t(`withdrawals.status.${w.status}`)}
                            </OpsBadge>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </QueueTable>
                </OpsTableWrap>
                <OpsPager page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
              </div>
              {current && (
                <OpsCard data-testid="ops-withdrawal-detail">
                  <h2>
                    {t('withdrawals.detail')} #{current.id}
                  </h2>
                  <OpsFacts>
                    <dt>{t('amount')}</dt>
                    <dd dir="ltr">{current.amount} USD</dd>
                    <dt>{t('withdrawals.fee')}</dt>
                    <dd dir="ltr">{current.fee} USD</dd>
                    <dt>{t('withdrawals.payTo')}</dt>
                    <dd dir="ltr">
                      <strong>
                        {current.real_number} {current.currency_code}
                      </strong>{' '}
                      · {current.protocol}
                    </dd>
                    <dt>{t(payoutTargetKey(current))}</dt>
                    <dd>
                      <Mono data-testid="ops-withdrawal-address">{payoutTarget(current)}</Mono>
                    </dd>
                    <dt>{t('account')}</dt>
                    <dd>
                      {current.email} · UID {current.uid}
                    </dd>
                    {current.memo && (
                      <>
                        <dt>{t('withdrawals.memo')}</dt>
                        <dd>{current.memo}</dd>
                      </>
                    )}
                    <dt>{t('created')}</dt>
                    <dd>{formatOpsTime(current.created_at, i18n.language)}</dd>
                    {current.decided_by && (
                      <>
                        <dt>{t('decidedBy')}</dt>
                        <dd>
                          {current.decided_by} · {formatOpsTime(current.decided_at ?? 0, i18n.language)}
                        </dd>
                        <dt>{t(decidedNoteKey(current))}</dt>
                        <dd>{current.notes}</dd>
                      </>
                    )}
                  </OpsFacts>
                  {canDecide(current) && (
                    <AccountState account={current.account} testId="ops-withdrawal-account" />
                  )}
                  {canDecide(current) && (
                    <DetailActions>
                      <OpsButton
                        type="button"
                        $variant="danger"
                        onClick={() =>
                          setPrompt({
                            title: t('withdrawals.rejectTitle'),
                            label: t('reason'),
                            required: true,
                            danger: true,
                            confirmText: t('withdrawals.reject'),
                            run: (r) => run(current, 'reject', r),
                          })
                        }
                        data-testid="ops-withdrawal-reject"
                      >
                        {t('withdrawals.reject')}
                      </OpsButton>
                      <OpsButton
                        type="button"
                        $variant="primary"
                        disabled={!canPay(current)}
                        onClick={() =>
                          setPrompt({
                            title: t('withdrawals.payTitle', {
                              amount: `${current.real_number} ${current.currency_code}`,
                            }),
                            details: (
                              <div data-testid="ops-pay-details">
                                <p>{t(payTextKey(current), { amount: payoutAmount(current) })}</p>
                                <CopyValue value={payoutTarget(current)} testId="ops-pay-address" />
                              </div>
                            ),
                            label: t('withdrawals.reference'),
                            required: true,
                            confirmText: t('withdrawals.pay'),
                            run: (r) => run(current, 'pay', r),
                          })
                        }
                        data-testid="ops-withdrawal-pay"
                      >
                        {t('withdrawals.pay')}
                      </OpsButton>
                    </DetailActions>
                  )}
                </OpsCard>
              )}
            </Split>
          )
        }
      </OpsState>
      <PromptDialog prompt={prompt} onClose={() => setPrompt(null)} />
    </OpsPage>
  );
}
