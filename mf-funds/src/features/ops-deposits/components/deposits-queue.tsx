/**
 * The deposits queue (finance, admin): waiting deposits oldest first, the selected one with its proof. Approve
 * (after a confirmation) credits the balance; reject needs a reason; mark invalid takes an optional one. When
 * another person decided first, the page says who and when and reloads; nothing is decided twice.
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
import type { OpsDeposit, OpsDepositDecision } from '@meridian/shared/pure';
import {
  AccountState,
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
import { decideDeposit, fetchDepositQueue } from '../api/deposits-api';
import {
  canApprove,
  canDecide,
  DEPOSIT_TONE,
  depositChannelKey,
  depositDecisionExtra,
} from '../state/deposit-decisions';
import { ProofImage } from './proof-image';

export function DepositsQueue() {
  const { t, i18n } = useTranslation(OPS_NS);
  const now = useOpsNow();
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const queue = useOpsLoad(() => fetchDepositQueue(status, page), `${status}-${page}-${version}`);
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const items = queue.status === 'ready' ? queue.data.data : [];
  const current = items.find((d) => d.id === selected) ?? items[0] ?? null;

  useEffect(() => {
    setSelected(null);
  }, [status, page]);

  const run = async (d: OpsDeposit, decision: OpsDepositDecision, text: string, received = '') => {
    try {
      const { msg } = await decideDeposit(d.id, decision, depositDecisionExtra(decision, text, received));
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

  // Approve asks what actually arrived (prefilled with the declared amount) and the transaction hash or bank
  // reference; the server credits that amount and refuses a reference already recorded.
  const approve = (d: OpsDeposit) =>
    setPrompt({
      title: t('deposits.approveTitle'),
      details: <p>{t('deposits.approveHelp', { amount: d.amount })}</p>,
      second: { label: t('deposits.received'), initial: d.amount, testId: 'ops-deposit-received' },
      label: t('deposits.txRef'),
      required: true,
      confirmText: t('deposits.approve'),
      run: (ref, received) => run(d, 'approve', ref, received),
    });

  return (
    <OpsPage
      title={t('deposits.title')}
      subtitle={queue.status === 'ready' ? t('deposits.subtitle', { n: queue.data.total }) : ''}
      actions={
        <OpsButton type="button" onClick={() => setVersion((v) => v + 1)} data-testid="ops-deposits-reload">
          {t('reload')}
        </OpsButton>
      }
      testId="page-ops-deposits"
    >
      <OpsToolbar onSubmit={(e) => e.preventDefault()}>
        <StatusFilter
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[0, 1, 2, 3].map((s) => ({ value: s, label: t(`deposits.status.${s}`) }))}
        />
      </OpsToolbar>
      {notice && (
        <Notice role="alert" data-testid="ops-deposits-notice">
          {notice}
        </Notice>
      )}
      <OpsState state={queue} rows={6}>
        {(data) =>
          data.data.length === 0 ? (
            <OpsEmpty data-testid="ops-deposits-empty">{t('deposits.empty')}</OpsEmpty>
          ) : (
            <Split>
              <div>
                <OpsTableWrap>
                  <QueueTable aria-label={t('deposits.title')} data-testid="ops-deposits-table">
                    <OpsHead
                      labels={[
                        status === 0 ? t('waiting') : t('decided'),
                        t('amount'),
                        t('account'),
                        t('deposits.channel'),
                        t('status'),
                      ]}
                    />
                    <tbody>
                      {data.data.map((d) => (
                        <tr
                          key={d.id}
                          data-clickable="true"
                          aria-selected={d.id === current?.id}
                          tabIndex={0}
                          onClick={() => setSelected(d.id)}
                          onKeyDown={(e) => e.key === 'Enter' && setSelected(d.id)}
                          data-testid="ops-deposit-row"
                        >
                          <td className="when">
                            {d.status === 0 ? (
                              <WaitingTime since={d.created_at} now={now} />
                            ) : (
                              formatOpsTime(d.decided_at ?? d.created_at, i18n.language)
                            )}
                          </td>
                          <td dir="ltr">{d.amount} USD</td>
                          <td className="clip" title={d.email}>
                            {d.email}
                            <OpsSub>UID {d.uid}</OpsSub>
                          </td>
                          <td>
                            {d.currency_code}
                            <OpsSub>{d.network}</OpsSub>
                          </td>
                          <td>
                            <OpsBadge $tone={DEPOSIT_TONE[d.status]}>
                              {t(`deposits.status.${d.status}`)}
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
                <OpsCard data-testid="ops-deposit-detail">
                  <h2>
                    {t('deposits.detail')} #{current.id}
                  </h2>
                  <OpsFacts>
                    <dt>{t('amount')}</dt>
                    <dd dir="ltr">{current.amount} USD</dd>
                    <dt>{t('account')}</dt>
                    <dd>
                      {current.email} · UID {current.uid}
                    </dd>
                    <dt>{t('deposits.channel')}</dt>
                    <dd>
                      {t(depositChannelKey(current))} · {current.currency_code} · {current.network}
                    </dd>
                    {current.address && (
                      <>
                        <dt>{t('address')}</dt>
                        <dd>
                          <Mono>{current.address}</Mono>
                        </dd>
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
                      </>
                    )}
                    {current.tx_ref && (
                      <>
                        <dt>{t('deposits.received')}</dt>
                        <dd dir="ltr">{current.received} USD</dd>
                        <dt>{t('deposits.txRef')}</dt>
                        <dd>
                          <Mono>{current.tx_ref}</Mono>
                        </dd>
                      </>
                    )}
                    {current.remark && (
                      <>
                        <dt>{t('reason')}</dt>
                        <dd>{current.remark}</dd>
                      </>
                    )}
                  </OpsFacts>
                  <ProofImage url={current.proof_img} />
                  {canDecide(current) && (
                    <AccountState account={current.account} testId="ops-deposit-account" />
                  )}
                  {canDecide(current) && (
                    <DetailActions>
                      <OpsButton
                        type="button"
                        $variant="ghost"
                        onClick={() =>
                          setPrompt({
                            title: t('deposits.invalidTitle'),
                            label: t('reasonOptional'),
                            required: false,
                            confirmText: t('deposits.invalid'),
                            run: (r) => run(current, 'invalid', r),
                          })
                        }
                        data-testid="ops-deposit-invalid"
                      >
                        {t('deposits.invalid')}
                      </OpsButton>
                      <OpsButton
                        type="button"
                        $variant="danger"
                        onClick={() =>
                          setPrompt({
                            title: t('deposits.rejectTitle'),
                            label: t('reason'),
                            required: true,
                            danger: true,
                            confirmText: t('deposits.reject'),
                            run: (r) => run(current, 'reject', r),
                          })
                        }
                        data-testid="ops-deposit-reject"
                      >
                        {t('deposits.reject')}
                      </OpsButton>
                      <OpsButton
                        type="button"
                        $variant="primary"
                        disabled={!canApprove(current)}
                        onClick={() => approve(current)}
                        data-testid="ops-deposit-approve"
                      >
                        {t('deposits.approve')}
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
