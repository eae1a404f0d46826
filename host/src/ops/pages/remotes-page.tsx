/**
 * /ops/remotes (admin): each remote's current version, the versions online and the history; a published version
 * made current, or a remote rolled back, with one confirmed click; canaries (./remote-canary.tsx). The server applies it with the same registry
 * code and lock as `npm run mf`; open tabs pick it up on their next visit to that remote, new tabs at once.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, toast } from '@meridian/shared';
import {
  formatOpsTime,
  OpsBadge,
  OpsButton,
  OpsCard,
  OpsPage,
  OpsState,
  OpsTable,
  OpsTableWrap,
  useOpsLoad,
} from '@meridian/shared/ops';
import type { OpsRemote } from '@meridian/shared/pure';
import { changeRemote, fetchRemotes } from '../api/remotes-api';
import { RemoteHealth } from './remote-health';
import { CheckFigures, ReleaseGuardPanel, RemoteCanary } from './remote-canary';

/** History actions with a label of their own (`remotes.action.*`); anything else reads as a release. */
const ACTIONS = ['release', 'rollback', 'canary', 'promote', 'abort', 'auto_abort', 'auto_rollback'];
const WARN_ACTIONS = ['rollback', 'abort', 'auto_abort', 'auto_rollback'];

export default function OpsRemotesPage() {
  const { t } = useTranslation('ops');
  const state = useOpsLoad(fetchRemotes, 'remotes');
  const [busy, setBusy] = useState(false);

  const act = async (kind: 'release' | 'rollback', remote: string, version?: string) => {
    const ok = await confirm({
      title: t(kind === 'release' ? 'remotes.confirmReleaseTitle' : 'remotes.confirmRollbackTitle', {
        remote,
      }),
      message: version
        ? t('remotes.confirmTo', { remote, version })
        : t('remotes.confirmPrevious', { remote }),
      confirmText: t(kind === 'release' ? 'remotes.release' : 'remotes.rollback'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { msg } = await changeRemote(kind, remote, version);
      toast(msg, 'success');
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
      state.reload();
    }
  };

  return (
    <OpsPage title={t('remotes.title')} subtitle={t('remotes.subtitle')} testId="page-ops-remotes">
      <RemoteHealth />
      <ReleaseGuardPanel />
      <OpsState state={state}>
        {(remotes) => (
          <List>
            {remotes.map((r) => (
              <RemoteCard key={r.remote} remote={r} busy={busy} onAct={act} onChanged={state.reload} />
            ))}
          </List>
        )}
      </OpsState>
    </OpsPage>
  );
}

function RemoteCard({
  remote: r,
  busy,
  onAct,
  onChanged,
}: {
  remote: OpsRemote;
  busy: boolean;
  onAct: (kind: 'release' | 'rollback', remote: string, version?: string) => Promise<void>;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('ops');
  // The server says where a rollback may go (each version current before this one): the button follows it, and
  // any other version is made current with Release, never with Roll back.
  const canRollBack = r.rollback_targets.length > 0;
  return (
    <OpsCard data-testid={`ops-remote-${r.remote}`}>
      <Head>
        <div>
          <h2>{r.remote}</h2>
          <p>
            {t('remotes.current')}{' '}
            <code data-testid={`ops-remote-current-${r.remote}`}>{r.current ?? t('remotes.never')}</code>
          </p>
        </div>
        <OpsButton
          type="button"
          $variant="danger"
          disabled={busy || !canRollBack || r.canary !== null}
          onClick={() => void onAct('rollback', r.remote)}
          data-testid={`ops-rollback-${r.remote}`}
        >
          {t('remotes.rollback')}
        </OpsButton>
      </Head>
      <OpsTableWrap>
        <OpsTable>
          <thead>
            <tr>
              <th>{t('remotes.version')}</th>
              <th>{t('remotes.built')}</th>
              <th>{t('remotes.state')}</th>
              <th aria-label={t('remotes.actions')} />
            </tr>
          </thead>
          <tbody>
            {r.versions.map((v) => {
              const current = v.version === r.current;
              const newer = !r.rollback_targets.includes(v.version);
              return (
                <tr key={v.version} data-testid={`ops-version-${v.version}`}>
                  <td>
                    <code>{v.version}</code>
                  </td>
                  <td>{v.built_at ? formatOpsTime(Date.parse(v.built_at), i18n.language) : '—'}</td>
                  <td>
                    {current ? (
                      <OpsBadge $tone="ok">{t('remotes.isCurrent')}</OpsBadge>
                    ) : v.version === r.canary?.version ? (
                      <OpsBadge $tone="warn">{t('remotes.health.canary')}</OpsBadge>
                    ) : v.online ? (
                      <OpsBadge $tone={newer ? 'info' : 'muted'}>
                        {t(newer ? 'remotes.ready' : 'remotes.older')}
                      </OpsBadge>
                    ) : (
                      <OpsBadge $tone="bad">{t('remotes.offline')}</OpsBadge>
                    )}
                  </td>
                  <td className="num">
                    {!current && v.online && (
                      <OpsButton
                        type="button"
                        $variant={newer ? 'primary' : 'secondary'}
                        disabled={busy || r.canary !== null}
                        onClick={() => void onAct(newer ? 'release' : 'rollback', r.remote, v.version)}
                        data-testid={`ops-make-current-${v.version}`}
                      >
                        {t(newer ? 'remotes.release' : 'remotes.rollbackTo')}
                      </OpsButton>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </OpsTable>
      </OpsTableWrap>
      <RemoteCanary remote={r} onChanged={onChanged} />
      {r.history.length > 0 && (
        <History>
          <summary>{t('remotes.history', { count: r.history.length })}</summary>
          <ul>
            {r.history.slice(0, 20).map((h, i) => (
              <li key={`${h.at}-${i}`} data-action={h.action}>
                <span>{formatOpsTime(Date.parse(h.at), i18n.language)}</span>{' '}
                <OpsBadge $tone={WARN_ACTIONS.includes(h.action) ? 'warn' : 'info'}>
                  {t(`remotes.action.${ACTIONS.includes(h.action) ? h.action : 'release'}`)}
                </OpsBadge>{' '}
                <bdi dir="ltr">
                  <code>{h.from ?? '—'}</code> → <code>{h.to}</code>
                  {h.percent ? ` ${t('remotes.canary.running', { percent: h.percent })}` : null}
                </bdi>
                {h.by ? <em> · {h.by}</em> : null}
                {h.check ? <CheckFigures check={h.check} /> : null}
              </li>
            ))}
          </ul>
        </History>
      )}
    </OpsCard>
  );
}

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
    overflow-wrap: anywhere;
  }
  code {
    color: ${({ theme }) => theme.color.text};
  }
`;

const History = styled.details`
  margin-top: ${({ theme }) => theme.space(3)};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  summary {
    cursor: pointer;
    min-height: 32px;
  }
  ul {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
  }
  li {
    overflow-wrap: anywhere;
  }
`;
