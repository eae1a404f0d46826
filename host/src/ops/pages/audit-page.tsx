/**
 * /ops/audit (admin): the append-only log of every ops action, newest first, filtered by actor, action, object and
 * date, 50 to a page. Filters live in the address, so a filtered view can be shared.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  formatOpsTime,
  OpsButton,
  OpsButtons,
  OpsEmpty,
  OpsField,
  OpsHead,
  OpsInput,
  OpsPage,
  OpsPager,
  OpsSelect,
  OpsState,
  OpsTable,
  OpsTableWrap,
  OpsToolbar,
  useOpsLoad,
} from '@meridian/shared/ops';
import { OPS_PATHS } from '@meridian/shared/pure';
import { fetchAudit } from '../api/audit-api';

const LIMIT = 50;
/**
 * Actions the filter offers: every area of docs/ops.md (its whole area, then each action), so a reader finds the
 * finance, support and news rows too. Any other name can be typed in the address.
 */
export const AUDIT_ACTIONS: Record<string, readonly string[]> = {
  ops: ['sign_in', 'sign_in_failed', 'sign_out'],
  kyc: ['approve', 'reject'],
  user: ['freeze', 'unfreeze', 'sign_out_all'],
  deposit: ['approve', 'reject', 'invalid'],
  withdrawal: ['pay', 'reject'],
  cashier: ['channelCreate', 'channelEnable', 'channelDisable', 'currencyCreate', 'currencyUpdate'],
  support: ['reply', 'assign', 'resolve', 'reopen', 'canned_create', 'canned_delete'],
  news: ['create', 'update', 'publish', 'unpublish'],
  announcement: ['save'],
  staff: ['create', 'roles', 'disable', 'enable', 'reset_totp', 'reset_password'],
  remote: ['release', 'rollback'],
  security: ['trader_token_on_ops'],
};
/** Each area by the name the menu (or the roles) already give it; the rest have their own. */
const AREA_LABELS: Record<string, string> = {
  ops: 'audit.areas.ops',
  kyc: 'menu.kyc',
  user: 'menu.users',
  deposit: 'menu.deposits',
  withdrawal: 'menu.withdrawals',
  cashier: 'menu.cashier',
  support: 'role.support',
  news: 'menu.news',
  announcement: 'audit.areas.announcement',
  staff: 'menu.staff',
  remote: 'menu.remotes',
  security: 'audit.areas.security',
};
const OBJECT_TYPES = [
  'ops_account',
  'user',
  'real_name',
  'remote',
  'conversation',
  'canned',
  'news',
  'announcement',
  'deposit',
  'withdrawal',
  'channel',
  'currency',
];
const ACTIONS = Object.entries(AUDIT_ACTIONS).flatMap(([area, verbs]) => [
  `${area}.`,
  ...verbs.map((v) => `${area}.${v}`),
]);
const FIELDS = ['actor', 'action', 'object_type', 'object_id', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

/** `YYYY-MM-DD` (the reader's local day) to epoch ms at its start, or undefined. */
const dayStart = (day: string | null): number | undefined => {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const t = new Date(`${day}T00:00:00`).getTime();
  return Number.isFinite(t) ? t : undefined;
};

const USER_KEYS = new Set(['user_id']);
const OPS_KEYS = new Set(['assignee', 'ops_id']);

/**
 * `{"before":{"a":1,"b":2},"after":{"a":3,"b":2},"note":"x"}` as `a: 1 → 3 · note: x`: only what changed (an edit
 * that lists every field shows the one that moved); ids of traders and ops accounts as their UID and e-mail
 * (`refs`, from the server); anything that is not such JSON as it is.
 */
export function summaryText(summary: string, refs: Record<string, string> = {}): string {
  let v: unknown;
  try {
    v = JSON.parse(summary);
  } catch {
    return summary;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return summary;
  const { before, after, ...extra } = v as { before?: unknown; after?: unknown } & Record<string, unknown>;
  const show = (key: string, x: unknown): string => {
    if (typeof x === 'number' && USER_KEYS.has(key))
      return refs[`user:${x}`] ? `UID ${refs[`user:${x}`]}` : `#${x}`;
    if (typeof x === 'number' && OPS_KEYS.has(key)) return x === 0 ? '—' : (refs[`ops:${x}`] ?? `#${x}`);
    if (x === null && OPS_KEYS.has(key)) return '—';
    return typeof x === 'string' ? x : JSON.stringify(x);
  };
  const label = (key: string) => (USER_KEYS.has(key) ? 'user' : key);
  const parts: string[] = [];
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (key in b && key in a) {
      const was = show(key, b[key]);
      const now = show(key, a[key]);
      if (was !== now) parts.push(`${label(key)}: ${was} → ${now}`);
    } else if (key in a) parts.push(`${label(key)}: ${show(key, a[key])}`);
    else parts.push(`${label(key)}: ${show(key, b[key])} → —`);
  }
  for (const [key, value] of Object.entries(extra)) parts.push(`${label(key)}: ${show(key, value)}`);
  return parts.length ? parts.join(' · ') : '—';
}

export default function OpsAuditPage() {
  const { t, i18n } = useTranslation('ops');
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const values = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>;
  const [draft, setDraft] = useState(values);

  const state = useOpsLoad(() => {
    const from = dayStart(values.from);
    const toStart = dayStart(values.to);
    return fetchAudit({
      actor: values.actor || undefined,
      action: values.action || undefined,
      object_type: values.object_type || undefined,
      object_id: values.object_id || undefined,
      from,
      // The "to" day is included whole.
      to: toStart === undefined ? undefined : toStart + 86_400_000,
      page,
      limit: LIMIT,
    });
  }, search);

  const go = (next: Record<string, string>, nextPage = 1) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v.trim()) q.set(k, v.trim());
    if (nextPage > 1) q.set('page', String(nextPage));
    void navigate(`${OPS_PATHS.audit}${q.toString() ? `?${q}` : ''}`);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };
  const set = (f: Field) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [f]: e.target.value }));
  const actionLabel = (a: string) => (i18n.exists(`ops:audit.actions.${a}`) ? t(`audit.actions.${a}`) : a);
  const areaLabel = (area: string) =>
    t('audit.area', { area: AREA_LABELS[area] ? t(AREA_LABELS[area]) : area });

  return (
    <OpsPage title={t('audit.title')} subtitle={t('audit.subtitle')} testId="page-ops-audit">
      <OpsToolbar onSubmit={apply} aria-label={t('audit.filters')}>
        <OpsField label={t('audit.actor')}>
          <OpsInput
            value={draft.actor}
            onChange={set('actor')}
            placeholder={t('audit.actorHint')}
            data-testid="ops-audit-actor"
          />
        </OpsField>
        <OpsField label={t('audit.action')}>
          <OpsSelect value={draft.action} onChange={set('action')} data-testid="ops-audit-action">
            <option value="">{t('audit.any')}</option>
            {[...new Set([...ACTIONS, ...(draft.action ? [draft.action] : [])])].map((a) => (
              <option key={a} value={a}>
                {a.endsWith('.') ? areaLabel(a.slice(0, -1)) : `\u2003${actionLabel(a)}`}
              </option>
            ))}
          </OpsSelect>
        </OpsField>
        <OpsField label={t('audit.objectType')}>
          {/* Known types as suggestions (a placeholder would look like a value already typed). */}
          <OpsInput value={draft.object_type} onChange={set('object_type')} list="ops-audit-object-types" />
          <datalist id="ops-audit-object-types">
            {OBJECT_TYPES.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        </OpsField>
        <OpsField label={t('audit.objectId')}>
          <OpsInput value={draft.object_id} onChange={set('object_id')} />
        </OpsField>
        <OpsField label={t('audit.from')}>
          <OpsInput type="date" value={draft.from} onChange={set('from')} />
        </OpsField>
        <OpsField label={t('audit.to')}>
          <OpsInput type="date" value={draft.to} onChange={set('to')} />
        </OpsField>
        <OpsButtons>
          <OpsButton type="submit" $variant="primary">
            {t('audit.apply')}
          </OpsButton>
          <OpsButton
            type="button"
            onClick={() => {
              const empty = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>;
              setDraft(empty);
              go(empty);
            }}
          >
            {t('audit.clear')}
          </OpsButton>
        </OpsButtons>
      </OpsToolbar>
      <OpsState state={state} rows={8}>
        {(data) =>
          data.data.length === 0 ? (
            <OpsEmpty>{t('audit.empty')}</OpsEmpty>
          ) : (
            <>
              <OpsTableWrap>
                <OpsTable data-testid="ops-audit-table">
                  <OpsHead
                    labels={[
                      t('audit.time'),
                      t('audit.actor'),
                      t('audit.action'),
                      t('audit.object'),
                      t('audit.summary'),
                      t('audit.ip'),
                    ]}
                  />
                  <tbody>
                    {data.data.map((r) => (
                      <tr key={r.id} data-action={r.action}>
                        <td>{formatOpsTime(r.at, i18n.language)}</td>
                        <td>
                          {r.actor_email}
                          {r.actor_roles ? <Roles>{r.actor_roles}</Roles> : null}
                        </td>
                        <td>{actionLabel(r.action)}</td>
                        <td>
                          {!r.object_type
                            ? '—'
                            : r.object_type === 'user' && r.refs[`user:${r.object_id}`]
                              ? `user UID ${r.refs[`user:${r.object_id}`]}`
                              : `${r.object_type} ${r.object_id ?? ''}`}
                        </td>
                        <td className="wrap">
                          <Summary>{summaryText(r.summary, r.refs)}</Summary>
                        </td>
                        <td>{r.ip}</td>
                      </tr>
                    ))}
                  </tbody>
                </OpsTable>
              </OpsTableWrap>
              <OpsPager page={page} limit={LIMIT} total={data.total} onPage={(p) => go(values, p)} />
            </>
          )
        }
      </OpsState>
    </OpsPage>
  );
}

const Roles = styled.small`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Summary = styled.code`
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
`;
