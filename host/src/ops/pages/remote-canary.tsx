/**
 * /ops/remotes, canaries: per remote, start a canary (a published version on a share of devices, the share in the
 * shared NumericInput: what was typed stays, and why it is refused shows under it), change its share, promote or
 * abort it — each behind a confirmation, each audited by the server — and its health beside the current version's
 * over the canary's window (the release guard's reading, with what the rule makes of it). `ReleaseGuardPanel`
 * states the automatic abort rule and holds the admin's switch for the automatic rollback of full releases.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, NumericInput, toast } from '@meridian/shared';
import type { DecimalInputResult } from '@meridian/shared';
import {
  formatOpsTime,
  OpsBadge,
  OpsButton,
  OpsButtons,
  OpsField,
  OpsInput,
  OpsSelect,
  OpsSub,
  OpsTable,
  OpsTableWrap,
  useOpsLoad,
} from '@meridian/shared/ops';
import type { OpsReleaseCheck, OpsRemote } from '@meridian/shared/pure';
import { endCanary, fetchGuard, setAutoRollback, startCanary } from '../api/remotes-api';

/** The share field: whole percent, 1 to 99 (the server holds the same rule). */
const SHARE = { decimals: 0, min: 1, max: 99 } as const;

/** Versions a canary may try: online, not current, and not an earlier current one (a rollback's). */
export function canaryCandidates(r: OpsRemote): string[] {
  return r.versions
    .filter((v) => v.online && v.version !== r.current && !r.rollback_targets.includes(v.version))
    .map((v) => v.version);
}

export function RemoteCanary({ remote: r, onChanged }: { remote: OpsRemote; onChanged: () => void }) {
  const { t, i18n } = useTranslation('ops');
  const candidates = canaryCandidates(r);
  const [version, setVersion] = useState('');
  const [share, setShare] = useState<{ text: string; result: DecimalInputResult | null }>({
    text: '',
    result: null,
  });
  const [busy, setBusy] = useState(false);
  const chosen = version && candidates.includes(version) ? version : (candidates[0] ?? '');
  const c = r.canary;
  const percentOk = share.result?.ok === true;
  // The guard's last stop, while nothing has happened since (the newest history row).
  const stopped = r.history[0]?.action.startsWith('auto_') ? r.history[0] : null;

  const run = async (
    title: string,
    message: string,
    confirmText: string,
    call: () => Promise<{ msg: string }>,
  ) => {
    if (!(await confirm({ title, message, confirmText }))) return;
    setBusy(true);
    try {
      const { msg } = await call();
      toast(msg, 'success');
      setShare({ text: '', result: null });
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  const start = () => {
    if (!share.result?.ok || !r.current) return;
    const percent = share.result.value;
    const target = c ? c.version : chosen;
    if (!target) return;
    void run(
      c
        ? t('remotes.canary.confirmShareTitle', { remote: r.remote })
        : t('remotes.canary.confirmStartTitle', { remote: r.remote }),
      c
        ? t('remotes.canary.confirmShare', { version: target, percent, from: c.percent })
        : t('remotes.canary.confirmStart', { version: target, percent, current: r.current }),
      c ? t('remotes.canary.change') : t('remotes.canary.start'),
      () => startCanary(r.remote, target, percent),
    );
  };

  const shareField = (
    <OpsField label={t('remotes.canary.percent')}>
      <NumericInput
        inputAs={OpsInput}
        options={SHARE}
        required={share.text !== ''}
        value={share.text}
        onChange={(text, result) => setShare({ text, result })}
        placeholder={c ? String(c.percent) : '10'}
        data-testid={`ops-canary-percent-${r.remote}`}
      />
    </OpsField>
  );

  return (
    <Box data-testid={`ops-canary-${r.remote}`} data-canary={c?.version ?? ''}>
      <h3>{t('remotes.canary.title')}</h3>
      {stopped && !c && (
        <Stopped role="status" data-testid={`ops-stopped-${r.remote}`}>
          <strong>
            {t(stopped.action === 'auto_rollback' ? 'remotes.stoppedRollback' : 'remotes.stoppedCanary', {
              version: stopped.from ?? '',
              current: stopped.to,
              time: formatOpsTime(Date.parse(stopped.at), i18n.language),
            })}
          </strong>
          {stopped.check ? <CheckFigures check={stopped.check} /> : null}
        </Stopped>
      )}
      {c ? (
        <>
          <p>
            <OpsBadge $tone="info">{t('remotes.canary.running', { percent: c.percent })}</OpsBadge>{' '}
            <code data-testid={`ops-canary-version-${r.remote}`}>{c.version}</code>
            <OpsSub>
              {t('remotes.canary.since', { time: formatOpsTime(Date.parse(c.since), i18n.language) })}
              {c.by ? ` · ${c.by}` : ''}
            </OpsSub>
          </p>
          <CanaryHealth check={c.check} />
          <Row>
            {shareField}
            <OpsButton
              type="button"
              disabled={busy || !percentOk}
              onClick={start}
              data-testid={`ops-canary-change-${r.remote}`}
            >
              {t('remotes.canary.change')}
            </OpsButton>
          </Row>
          <OpsButtons>
            <OpsButton
              type="button"
              $variant="primary"
              disabled={busy}
              onClick={() =>
                void run(
                  t('remotes.canary.confirmPromoteTitle', { version: c.version }),
                  t('remotes.canary.confirmPromote', { remote: r.remote, version: c.version }),
                  t('remotes.canary.promote'),
                  () => endCanary('promote', r.remote),
                )
              }
              data-testid={`ops-canary-promote-${r.remote}`}
            >
              {t('remotes.canary.promote')}
            </OpsButton>
            <OpsButton
              type="button"
              $variant="danger"
              disabled={busy}
              onClick={() =>
                void run(
                  t('remotes.canary.confirmAbortTitle', { remote: r.remote }),
                  t('remotes.canary.confirmAbort', { current: r.current ?? '' }),
                  t('remotes.canary.abort'),
                  () => endCanary('abort', r.remote),
                )
              }
              data-testid={`ops-canary-abort-${r.remote}`}
            >
              {t('remotes.canary.abort')}
            </OpsButton>
          </OpsButtons>
        </>
      ) : candidates.length === 0 || !r.current ? (
        <OpsSub>{t('remotes.canary.noVersion')}</OpsSub>
      ) : (
        <Row>
          <OpsField label={t('remotes.canary.version')}>
            <OpsSelect
              value={chosen}
              onChange={(e) => setVersion(e.target.value)}
              data-testid={`ops-canary-select-${r.remote}`}
            >
              {candidates.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </OpsSelect>
          </OpsField>
          {shareField}
          <OpsButton
            type="button"
            $variant="primary"
            disabled={busy || !percentOk || !chosen}
            onClick={start}
            data-testid={`ops-canary-start-${r.remote}`}
          >
            {t('remotes.canary.start')}
          </OpsButton>
        </Row>
      )}
    </Box>
  );
}

/** The canary against the current version over the canary's window, and what the rule makes of it. */
function CanaryHealth({ check }: { check: OpsReleaseCheck | null }) {
  const { t, i18n } = useTranslation('ops');
  if (!check) return <OpsSub>{t('remotes.health.unavailable')}</OpsSub>;
  const nf = new Intl.NumberFormat(i18n.language);
  const pf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const rows = [
    { label: t('remotes.health.canary'), f: check.candidate },
    { label: t('remotes.health.current'), f: check.baseline },
  ];
  return (
    <>
      <OpsTableWrap>
        <OpsTable data-testid="ops-canary-health">
          <thead>
            <tr>
              <th>{t('remotes.version')}</th>
              <th className="num">{t('remotes.health.sessions')}</th>
              <th className="num">{t('remotes.health.errorRate')}</th>
              <th className="num">{t('remotes.health.chunkFailures')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ label, f }) => (
              <tr key={label}>
                <td>
                  {label}
                  <OpsSub>
                    <code>{f.version}</code>
                  </OpsSub>
                </td>
                <td className="num">{nf.format(f.sessions)}</td>
                <td className="num">{t('remotes.health.percent', { value: pf.format(f.error_rate) })}</td>
                <td className="num">{nf.format(f.chunk_failures)}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      </OpsTableWrap>
      <Verdict data-testid="ops-canary-verdict" data-reason={check.reason ?? ''}>
        {check.reason
          ? t(`remotes.health.failing.${check.reason}`)
          : check.sessions_needed > 0
            ? t('remotes.health.needed', { n: nf.format(check.sessions_needed) })
            : t('remotes.health.holds')}
      </Verdict>
    </>
  );
}

/** One line of figures for an automatic stop in the history ("errors in 50 % of 6 sessions; before: 0 % of 6"). */
export function CheckFigures({ check }: { check: OpsReleaseCheck }) {
  const { t, i18n } = useTranslation('ops');
  const nf = new Intl.NumberFormat(i18n.language);
  const pf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const chunks = check.reason === 'chunks';
  return (
    <OpsSub data-testid="ops-history-check">
      {t(chunks ? 'remotes.health.stoppedChunks' : 'remotes.health.stoppedErrors', {
        rate: pf.format(chunks ? check.candidate.chunk_failure_rate : check.candidate.error_rate),
        sessions: nf.format(check.candidate.sessions),
        baseRate: pf.format(chunks ? check.baseline.chunk_failure_rate : check.baseline.error_rate),
        baseSessions: nf.format(check.baseline.sessions),
      })}
    </OpsSub>
  );
}

/** The automatic abort rule as configured, and the admin's switch for the automatic rollback of full releases. */
export function ReleaseGuardPanel() {
  const { t } = useTranslation('ops');
  const state = useOpsLoad(fetchGuard, 'remotes-guard');
  const [busy, setBusy] = useState(false);
  if (state.status !== 'ready') return null;
  const g = state.data;
  const toggle = async () => {
    const on = !g.auto_rollback;
    const ok = await confirm({
      title: t(on ? 'remotes.guard.confirmOnTitle' : 'remotes.guard.confirmOffTitle'),
      message: t(on ? 'remotes.guard.confirmOn' : 'remotes.guard.confirmOff', { hours: g.watch_hours }),
      confirmText: t(on ? 'remotes.guard.turnOn' : 'remotes.guard.turnOff'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { msg } = await setAutoRollback(on);
      toast(msg, 'success');
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
      state.reload();
    }
  };
  return (
    <Guard data-testid="ops-release-guard">
      <h2>{t('remotes.guard.title')}</h2>
      <p>
        {t('remotes.guard.rule', {
          min: g.min_sessions,
          ratio: g.error_ratio,
          floor: g.error_floor_percent,
          chunks: g.chunk_failure_percent,
          seconds: g.check_seconds,
        })}
      </p>
      <Toggle>
        <input
          type="checkbox"
          checked={g.auto_rollback}
          disabled={busy}
          onChange={() => void toggle()}
          data-testid="ops-auto-rollback"
        />
        <span>{t('remotes.guard.autoRollback', { hours: g.watch_hours })}</span>
      </Toggle>
    </Guard>
  );
}

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    margin: 0;
    font-size: 15px;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  & > label {
    flex: 1 1 200px;
    min-width: 0;
  }
  & > button {
    margin-top: 22px;
  }
`;

const Stopped = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border-inline-start: 4px solid ${({ theme }) => theme.color.danger};
  background: ${({ theme }) => theme.color.surface};
  font-size: 14px;
  overflow-wrap: anywhere;
`;

const Verdict = styled.p`
  font-size: 14px;
  &[data-reason='errors'],
  &[data-reason='chunks'] {
    color: ${({ theme }) => theme.color.danger};
    font-weight: 600;
  }
`;

const Guard = styled.section`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 16px;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
    line-height: 1.5;
  }
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  font-size: 14px;
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    flex: none;
  }
`;
