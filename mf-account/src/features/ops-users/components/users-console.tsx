/**
 * Users for ops: search by e-mail (or part of it), UID or invite code; a user's page (`?uid=`) with the account's
 * figures, KYC state, open orders, the last 100 ledger rows and the live sessions; sign out everywhere, and freeze
 * (with a reason the trader sees) or unfreeze. `/` focuses the search.
 */
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, Dialog, toast, useAppNavigate, useAtomValue, useQueryParam } from '@meridian/shared';
import {
  formatOpsTime,
  hasOpsRole,
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
  OpsInput,
  OpsPage,
  opsSessionAtom,
  OpsState,
  OpsSub,
  OpsTable,
  OpsTableWrap,
  OpsTextarea,
  OpsToolbar,
  useHotkeys,
  useOpsLoad,
} from '@meridian/shared/ops';
import { OPS_PATHS } from '@meridian/shared/pure';
import type { OpsUserDetail, OpsUserRow } from '@meridian/shared/pure';
import { OPS_NS } from '../../../lib/ops-ns';
import { fetchUser, freeze, searchUsers, signOutEverywhere, unfreeze } from '../api/users-api';

export function UsersConsole() {
  const uid = useQueryParam('uid');
  return uid ? <UserPage uid={uid} /> : <Search />;
}

function Search() {
  const { t, i18n } = useTranslation(OPS_NS);
  const navigate = useAppNavigate();
  const q = useQueryParam('q') ?? '';
  const [text, setText] = useState(q);
  const input = useRef<HTMLInputElement>(null);
  useHotkeys({ '/': () => input.current?.focus() });
  const state = useOpsLoad<OpsUserRow[] | null>(() => (q ? searchUsers(q) : Promise.resolve(null)), q);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    navigate(v ? `${OPS_PATHS.users}?q=${encodeURIComponent(v)}` : OPS_PATHS.users);
  };

  return (
    <OpsPage title={t('users.title')} subtitle={t('users.subtitle')} testId="page-ops-users">
      <OpsToolbar onSubmit={submit} role="search">
        <OpsField label={t('users.search')}>
          <OpsInput
            ref={input}
            type="search"
            value={text}
            autoFocus
            onChange={(e) => setText(e.target.value)}
            placeholder={t('users.searchHint')}
            data-testid="users-search"
          />
        </OpsField>
        <OpsButton type="submit" $variant="primary" data-testid="users-search-go">
          {t('users.go')}
        </OpsButton>
      </OpsToolbar>
      <OpsState state={state}>
        {(rows) =>
          rows === null ? (
            <OpsEmpty>{t('users.start')}</OpsEmpty>
          ) : rows.length === 0 ? (
            <OpsEmpty data-testid="users-none">{t('users.none', { q })}</OpsEmpty>
          ) : (
            <OpsTableWrap>
              <OpsTable data-testid="users-results">
                <OpsHead
                  labels={[
                    t('users.uid'),
                    t('users.email'),
                    t('users.invite'),
                    t('users.type'),
                    t('users.joined'),
                  ]}
                />
                <tbody>
                  {rows.map((u) => (
                    <tr
                      key={u.id}
                      data-clickable="true"
                      tabIndex={0}
                      onClick={() => navigate(`${OPS_PATHS.users}?uid=${u.uid}`)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') navigate(`${OPS_PATHS.users}?uid=${u.uid}`);
                      }}
                    >
                      <td>{u.uid}</td>
                      <td>
                        {u.email || '—'} {u.frozen && <OpsBadge $tone="bad">{t('users.frozen')}</OpsBadge>}
                      </td>
                      <td>{u.invite_code}</td>
                      <td>
                        <TypeBadge row={u} />
                      </td>
                      <td>{formatOpsTime(u.created_at, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </OpsTable>
            </OpsTableWrap>
          )
        }
      </OpsState>
    </OpsPage>
  );
}

function TypeBadge({ row }: { row: Pick<OpsUserRow, 'is_demo' | 'is_bot'> }) {
  const { t } = useTranslation(OPS_NS);
  if (row.is_bot) return <OpsBadge $tone="muted">{t('users.bot')}</OpsBadge>;
  if (row.is_demo) return <OpsBadge $tone="info">{t('users.demo')}</OpsBadge>;
  return <OpsBadge $tone="ok">{t('users.real')}</OpsBadge>;
}

function UserPage({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation(OPS_NS);
  const lng = i18n.language;
  const navigate = useAppNavigate();
  const me = useAtomValue(opsSessionAtom).me;
  const [version, setVersion] = useState(0);
  const state = useOpsLoad(() => fetchUser(uid), `${uid}-${version}`);
  const [freezing, setFreezing] = useState(false);
  const [busy, setBusy] = useState(false);
  const canFreeze = hasOpsRole(me, ['compliance']);
  const canSignOut = hasOpsRole(me, ['support', 'compliance']);
  const money = (v: string) => new Intl.NumberFormat(lng, { minimumFractionDigits: 2 }).format(Number(v));

  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    try {
      toast(await run(), 'success');
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };

  return (
    <OpsPage
      title={state.status === 'ready' ? state.data.user.email || uid : t('users.title')}
      subtitle={t('users.uidLine', { uid })}
      actions={
        <OpsButton type="button" onClick={() => navigate(OPS_PATHS.users)} data-testid="users-back">
          {t('users.back')}
        </OpsButton>
      }
      testId="page-ops-user"
    >
      <OpsState state={state}>
        {(d: OpsUserDetail) => (
          <>
            <OpsCard>
              <Head>
                <Badges>
                  <TypeBadge row={d.user} />
                  <OpsBadge
                    $tone={d.user.kyc_status === 2 ? 'ok' : d.user.kyc_status === 1 ? 'warn' : 'muted'}
                  >
                    {t(`users.kyc${d.user.kyc_status}`)}
                  </OpsBadge>
                  {d.user.frozen && (
                    <OpsBadge $tone="bad" data-testid="user-frozen">
                      {t('users.frozen')}
                    </OpsBadge>
                  )}
                </Badges>
                <Actions>
                  {canSignOut && (
                    <OpsButton
                      type="button"
                      disabled={busy || d.sessions.length === 0}
                      onClick={() =>
                        void (async () => {
                          if (
                            await confirm({
                              message: t('users.confirmSignOut', { count: d.sessions.length }),
                              confirmText: t('users.signOutAll'),
                            })
                          )
                            await act(() => signOutEverywhere(uid));
                        })()
                      }
                      data-testid="user-sign-out-all"
                    >
                      {t('users.signOutAll')}
                    </OpsButton>
                  )}
                  {canFreeze &&
                    (d.user.frozen ? (
                      <OpsButton
                        type="button"
                        disabled={busy}
                        onClick={() =>
                          void (async () => {
                            if (
                              await confirm({
                                message: t('users.confirmUnfreeze'),
                                confirmText: t('users.unfreeze'),
                              })
                            )
                              await act(() => unfreeze(uid));
                          })()
                        }
                        data-testid="user-unfreeze"
                      >
                        {t('users.unfreeze')}
                      </OpsButton>
                    ) : (
                      <OpsButton
                        type="button"
                        $variant="danger"
                        disabled={busy}
                        onClick={() => setFreezing(true)}
                        data-testid="user-freeze"
                      >
                        {t('users.freeze')}
                      </OpsButton>
                    ))}
                </Actions>
              </Head>
              <OpsFacts>
                <dt>{t('users.uid')}</dt>
                <dd>{d.user.uid}</dd>
                <dt>{t('users.invite')}</dt>
                <dd>{d.user.invite_code}</dd>
                <dt>{t('users.balance')}</dt>
                <dd data-testid="user-balance">{money(d.user.balance)} USD</dd>
                <dt>{t('users.lockBalance')}</dt>
                <dd>{money(d.user.lock_balance)} USD</dd>
                <dt>{t('users.creditScore')}</dt>
                <dd>{d.user.credit_score}</dd>
                <dt>{t('users.joined')}</dt>
                <dd>{formatOpsTime(d.user.created_at, lng)}</dd>
                {d.user.frozen && (
                  <>
                    <dt>{t('users.frozenReason')}</dt>
                    <dd>
                      {d.user.frozen_reason} · {formatOpsTime(d.user.frozen_at, lng)}
                    </dd>
                  </>
                )}
              </OpsFacts>
            </OpsCard>

            <Section title={t('users.openOrders', { count: d.open_orders.length })}>
              {d.open_orders.length === 0 ? (
                <OpsEmpty>{t('users.noOrders')}</OpsEmpty>
              ) : (
                <OpsTableWrap>
                  <OpsTable>
                    <OpsHead
                      labels={[
                        t('users.order'),
                        t('users.instrument'),
                        t('users.side'),
                        t('users.lots'),
                        t('users.price'),
                        t('users.state'),
                        t('users.placed'),
                      ]}
                    />
                    <tbody>
                      {d.open_orders.map((o) => (
                        <tr key={o.id}>
                          <td>{o.id}</td>
                          <td>{o.code}</td>
                          <td>{t(o.side === 1 ? 'users.buy' : 'users.sell')}</td>
                          <td className="num">{o.lots}</td>
                          <td className="num">{o.open_price ?? o.target_price ?? '—'}</td>
                          <td>{t(o.status === 1 ? 'users.holding' : 'users.pending')}</td>
                          <td>{formatOpsTime(o.created_at, lng)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </OpsTable>
                </OpsTableWrap>
              )}
            </Section>

            <Section title={t('users.sessions', { count: d.sessions.length })}>
              {d.sessions.length === 0 ? (
                <OpsEmpty>{t('users.noSessions')}</OpsEmpty>
              ) : (
                <OpsTableWrap>
                  <OpsTable data-testid="user-sessions">
                    <OpsHead labels={[t('users.signedIn'), t('users.expires'), t('users.ip')]} />
                    <tbody>
                      {d.sessions.map((s) => (
                        <tr key={s.id}>
                          <td>{formatOpsTime(s.created_at, lng)}</td>
                          <td>{formatOpsTime(s.expires_at, lng)}</td>
                          <td>{s.ip ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </OpsTable>
                </OpsTableWrap>
              )}
            </Section>

            <Section title={t('users.ledger')}>
              {d.ledger.length === 0 ? (
                <OpsEmpty>{t('users.noLedger')}</OpsEmpty>
              ) : (
                <OpsTableWrap>
                  <OpsTable data-testid="user-ledger">
                    <OpsHead
                      labels={[
                        t('users.when'),
                        t('users.kind'),
                        t('users.amount'),
                        t('users.after'),
                        t('users.memo'),
                      ]}
                    />
                    <tbody>
                      {d.ledger.map((l) => (
                        <tr key={l.id}>
                          <td>{formatOpsTime(l.created_at, lng)}</td>
                          <td className="wrap" title={l.kind}>
                            {l.label}
                            {l.account === 'lock_balance' ? <OpsSub>{t('users.lockBalance')}</OpsSub> : null}
                          </td>
                          <td className="num">
                            {Number(l.amount) > 0 ? '+' : ''}
                            {money(l.amount)}
                          </td>
                          <td className="num">{money(l.balance_after)}</td>
                          <td className="wrap">{l.memo ?? ''}</td>
                        </tr>
                      ))}
                    </tbody>
                  </OpsTable>
                </OpsTableWrap>
              )}
            </Section>
          </>
        )}
      </OpsState>
      {freezing && (
        <FreezeDialog
          busy={busy}
          onClose={() => setFreezing(false)}
          onFreeze={(reason) => {
            setFreezing(false);
            void act(() => freeze(uid, reason));
          }}
        />
      )}
    </OpsPage>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <SectionBox>
      <h2>{title}</h2>
      {children}
    </SectionBox>
  );
}

function FreezeDialog({
  busy,
  onClose,
  onFreeze,
}: {
  busy: boolean;
  onClose: () => void;
  onFreeze: (reason: string) => void;
}) {
  const { t } = useTranslation(OPS_NS);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return (
    <Dialog open onClose={onClose} title={t('users.freezeTitle')}>
      <OpsDialogForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setError(t('users.reasonNeeded'));
          onFreeze(reason.trim());
          return undefined;
        }}
      >
        <p>{t('users.freezeExplain')}</p>
        <OpsField label={t('users.reason')}>
          <OpsTextarea
            value={reason}
            maxLength={300}
            autoFocus
            onChange={(e) => setReason(e.target.value)}
            data-testid="user-freeze-reason"
          />
        </OpsField>
        {error && <OpsFormError role="alert">{error}</OpsFormError>}
        <OpsButtons>
          <OpsButton type="button" onClick={onClose}>
            {t('users.cancel')}
          </OpsButton>
          <OpsButton type="submit" $variant="danger" disabled={busy} data-testid="user-freeze-confirm">
            {t('users.freeze')}
          </OpsButton>
        </OpsButtons>
      </OpsDialogForm>
    </Dialog>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const SectionBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: 16px;
  }
`;
