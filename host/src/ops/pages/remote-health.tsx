/**
 * /ops/remotes, "Health by version": for each remote, every version traders' own sessions ran in the chosen period
 * (and the current one), with what a release decision needs at a glance: sessions, error rate (sessions that saw a
 * page error, an unhandled error or a failed load), p75 LCP, INP and CLS rated against Google's thresholds, failed
 * loads, and the last errors with the remote's own stack frame. Refreshed every 30 s (passive calls). Its own
 * component and strings (`opsHealth`), mounted by the releases page with one line.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { jsonNamespace, LANGUAGE_BCP47, registerNamespace } from '@meridian/shared';
import type { Language } from '@meridian/shared';
import { formatOpsTime, OpsBadge, OpsCard, OpsSelect, OpsState, useOpsLoad } from '@meridian/shared/ops';
import type { OpsTone } from '@meridian/shared/ops';
import { HEALTH_WINDOWS } from '@meridian/shared/pure';
import type { HealthWindow, OpsRemoteHealth, OpsVersionHealth, VitalName } from '@meridian/shared/pure';
import { fetchRemoteHealth } from '../api/remote-health-api';

registerNamespace('opsHealth', jsonNamespace('opsHealth', '/'));

const REFRESH_MS = 30_000;

/** Google's thresholds (good up to the first, poor above the second): web.dev/articles/vitals. */
const THRESHOLDS: Record<VitalName, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};
const VITALS: readonly VitalName[] = ['LCP', 'INP', 'CLS'];
/** An error rate up to 1 % is ordinary; above 5 % something is wrong (the canary's rule compares versions). */
const RATE_WARN = 0.01;
const RATE_BAD = 0.05;

type Rating = 'good' | 'needsImprovement' | 'poor';
const TONE: Record<Rating, OpsTone> = { good: 'ok', needsImprovement: 'warn', poor: 'bad' };

function rateVital(name: VitalName, value: number): Rating {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needsImprovement' : 'poor';
}

function rateTone(rate: number | null): OpsTone {
  if (rate === null) return 'muted';
  return rate > RATE_BAD ? 'bad' : rate > RATE_WARN ? 'warn' : 'ok';
}

export function RemoteHealth() {
  const { t } = useTranslation('opsHealth');
  const [period, setPeriod] = useState<HealthWindow>(60);
  // Opening the page or choosing a period is the person's call; the refreshes are the page's own.
  const refreshes = useRef(0);
  const state = useOpsLoad(
    () => fetchRemoteHealth(period, refreshes.current++ > 0),
    `remote-health-${period}`,
  );
  const { reload } = state;
  useEffect(() => {
    const id = setInterval(reload, REFRESH_MS);
    return () => clearInterval(id);
  }, [reload]);

  return (
    <Section aria-labelledby="remote-health-title" data-testid="ops-remote-health">
      <Head>
        <div>
          <h2 id="remote-health-title">{t('title')}</h2>
          <p>{t('subtitle')}</p>
        </div>
        <Period>
          <span>{t('period')}</span>
          <OpsSelect
            value={period}
            onChange={(e) => {
              refreshes.current = 0;
              setPeriod(Number(e.target.value) as HealthWindow);
            }}
            data-testid="ops-health-period"
          >
            {HEALTH_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {t(`periods.${w}`)}
              </option>
            ))}
          </OpsSelect>
        </Period>
      </Head>
      <OpsState state={state} rows={3}>
        {(data) => (
          <Remotes>
            {data.remotes.map((r) => (
              <RemoteBlock key={r.remote} health={r} />
            ))}
          </Remotes>
        )}
      </OpsState>
      <Legend>{t('p75Help')}</Legend>
    </Section>
  );
}

function RemoteBlock({ health }: { health: OpsRemoteHealth }) {
  const { t } = useTranslation('opsHealth');
  return (
    <OpsCard data-testid={`health-${health.remote}`}>
      <RemoteHead>
        <h3>{health.remote}</h3>
        {health.versions.length === 0 && <Muted>{t('noSessions')}</Muted>}
      </RemoteHead>
      {health.versions.length > 0 && (
        <Versions>
          {health.versions.map((v) => (
            <VersionView key={v.version} remote={health.remote} v={v} />
          ))}
        </Versions>
      )}
    </OpsCard>
  );
}

function VersionView({ remote, v }: { remote: string; v: OpsVersionHealth }) {
  const { t, i18n } = useTranslation('opsHealth');
  const lng = i18n.language;
  // Numbers in the reader's language (`my` is Malay here, not Burmese: the app's codes are not all BCP 47).
  const tag = LANGUAGE_BCP47[lng as Language] ?? 'en';
  const count = new Intl.NumberFormat(tag);
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const unit = (u: 'second' | 'millisecond', digits: number) =>
    new Intl.NumberFormat(tag, {
      style: 'unit',
      unit: u,
      unitDisplay: 'narrow',
      maximumFractionDigits: digits,
    });
  const vital = (name: VitalName, value: number) =>
    name === 'LCP'
      ? unit('second', 2).format(value / 1000)
      : name === 'INP'
        ? unit('millisecond', 0).format(value)
        : new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }).format(value);
  const p75 = { LCP: v.lcp_p75, INP: v.inp_p75, CLS: v.cls_p75 };
  const id = `health-${remote}-${v.version}`;
  const head = (
    <VersionHead>
      <code>{v.version}</code>
      {v.current && <OpsBadge $tone="ok">{t('current')}</OpsBadge>}
      {v.sessions === 0 && <Muted data-testid={`${id}-none`}>{t('noSessions')}</Muted>}
    </VersionHead>
  );
  // Nothing reported: one line, so the versions that have figures stand out.
  if (v.sessions === 0) return <Version data-testid={id}>{head}</Version>;

  return (
    <Version data-testid={id}>
      {head}
      <Tiles>
        <Tile label={t('sessions')} value={count.format(v.sessions)} testId={`${id}-sessions`} />
        <Tile
          label={t('errorRate')}
          value={v.error_rate === null ? '—' : percent.format(v.error_rate)}
          tone={rateTone(v.error_rate)}
          note={t('errorSessions', { n: count.format(v.error_sessions) })}
          testId={`${id}-error-rate`}
        />
        {VITALS.map((name) => {
          const value = p75[name];
          const rating = value === null ? null : rateVital(name, value);
          return (
            <Tile
              key={name}
              label={name}
              hint={t(`vitalHelp.${name}`)}
              value={value === null ? '—' : vital(name, value)}
              tone={rating ? TONE[rating] : 'muted'}
              note={rating ? t(`rating.${rating}`) : t('noValue')}
              testId={`${id}-${name.toLowerCase()}`}
            />
          );
        })}
        <Tile
          label={t('chunkFailures')}
          value={count.format(v.chunk_failures)}
          tone={v.chunk_failures > 0 ? 'bad' : 'ok'}
          testId={`${id}-chunk-failures`}
        />
        <Tile
          label={t('renderErrors')}
          value={count.format(v.render_errors)}
          tone={v.render_errors > 0 ? 'bad' : 'ok'}
          testId={`${id}-render-errors`}
        />
        <Tile
          label={t('unhandledErrors')}
          value={count.format(v.unhandled_errors)}
          tone={v.unhandled_errors > 0 ? 'warn' : 'ok'}
          testId={`${id}-unhandled-errors`}
        />
      </Tiles>
      {v.last_errors.length === 0 ? (
        <Muted>{t('noErrors')}</Muted>
      ) : (
        <Errors aria-label={t('lastErrors')} data-testid={`${id}-errors`}>
          {v.last_errors.map((e) => (
            <li key={`${e.kind}-${e.message}-${e.frame ?? ''}`}>
              <ErrorLine>
                <OpsBadge $tone={e.kind === 'chunk' ? 'warn' : 'bad'}>{t(`kind.${e.kind}`)}</OpsBadge>
                <span className="message">{e.message}</span>
                {e.count > 1 && <span className="seen">{t('seen', { n: count.format(e.count) })}</span>}
                <time dateTime={new Date(e.at).toISOString()}>{formatOpsTime(e.at, lng)}</time>
              </ErrorLine>
              {e.frame && <code className="frame">{e.frame}</code>}
            </li>
          ))}
        </Errors>
      )}
    </Version>
  );
}

function Tile({
  label,
  value,
  tone = 'muted',
  note,
  hint,
  testId,
}: {
  label: string;
  value: string;
  tone?: OpsTone;
  note?: string;
  hint?: string;
  testId: string;
}) {
  return (
    <TileBox $tone={tone} title={hint} data-testid={testId}>
      <span className="label">{label}</span>
      <strong className="value">{value}</strong>
      {note && <span className="note">{note}</span>}
    </TileBox>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
    max-width: 70ch;
  }
`;

const Period = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  min-width: 180px;
`;

const Remotes = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const RemoteHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 16px;
  }
`;

const Versions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Version = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  & + & {
    padding-top: ${({ theme }) => theme.space(3)};
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const VersionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  code {
    font-size: 13px;
    overflow-wrap: anywhere;
  }
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(92px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const TileBox = styled.div<{ $tone: OpsTone }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(2.5)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-inline-start: 3px solid
    ${({ theme, $tone }) =>
      ({
        ok: theme.color.up,
        warn: theme.color.warning,
        bad: theme.color.danger,
        info: theme.color.primary,
        muted: theme.color.border,
      })[$tone]};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
  min-width: 0;
  .label {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  .value {
    font-size: 17px;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  .note {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Errors = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 13px;
  li {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  .frame {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
    overflow-wrap: anywhere;
  }
`;

const ErrorLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  .message {
    flex: 1 1 240px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .seen,
  time {
    color: ${({ theme }) => theme.color.textMuted};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const Muted = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Legend = styled.p`
  margin: 0;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;
