/**
 * The building blocks of ops pages (desktop first, still usable at 390 px), so every team's pages look and behave
 * alike: page frame, tables, buttons, fields, badges, waiting times, a numbered pager, the loading / empty / error
 * states, a load hook and keyboard shortcuts. Strings come from the `ops` namespace, which the host registers.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { SkeletonRows, useLoad } from '@meridian/shared';
import type { LoadResult, LoadState } from '@meridian/shared';
import { waitParts, waitTone } from './format';

// ---- page frame ----

export type OpsPageProps = {
  title: ReactNode;
  /** One line under the title (what this page is for, a count). */
  subtitle?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
};

/** An ops page: a heading row (title, subtitle, actions) over the content. */
export function OpsPage({ title, subtitle, actions, children, testId }: OpsPageProps) {
  return (
    <PageBox data-testid={testId}>
      <PageHead>
        <div>
          <h1>{title}</h1>
          {subtitle != null && <p>{subtitle}</p>}
        </div>
        {actions != null && <HeadActions>{actions}</HeadActions>}
      </PageHead>
      {children}
    </PageBox>
  );
}

const PageBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  /* Identifiers (versions, codes) read left to right in an Arabic or Persian page too, kept apart from the text
     around them, so "20261124-040102-2f6ca8b9be" is not shown with its parts reversed. */
  code {
    direction: ltr;
    unicode-bidi: isolate;
  }
`;

const PageHead = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h1 {
    margin: 0;
    font-size: 22px;
    font-weight: 650;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
`;

const HeadActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A panel on the page. */
export const OpsCard = styled.div`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(4)};
  min-width: 0;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: 16px;
    font-weight: 600;
  }
`;

/** Label / value pairs. */
export const OpsFacts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  font-size: 14px;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-variant-numeric: tabular-nums;
  }
`;

// ---- tables ----

/** Scrolls sideways on a narrow screen instead of squeezing columns. */
export const OpsTableWrap = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

export const OpsTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3)};
    text-align: start;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    vertical-align: middle;
    white-space: nowrap;
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 500;
    font-size: 13px;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tbody tr[aria-selected='true'] td {
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  tbody tr[data-clickable='true'] {
    cursor: pointer;
  }
  tbody tr[data-clickable='true']:hover td {
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
  td.num {
    text-align: end;
  }
  /* A signed figure keeps its sign in front in Arabic and Persian too ("+0.45", not "0.45+"). */
  [dir='rtl'] & td.num {
    direction: ltr;
    text-align: left;
  }
  td.wrap {
    white-space: normal;
    overflow-wrap: anywhere;
    min-width: 200px;
  }
  /* Long values (e-mail addresses) cut with an ellipsis; the full text is in the title. */
  td.clip {
    max-width: 240px;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

/** A table's header row from its column labels (an empty label is an unlabelled actions column). */
export function OpsHead({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, i) => (
          <th key={i}>{label}</th>
        ))}
      </tr>
    </thead>
  );
}

// ---- controls ----

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variantCss = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    border-color: ${({ theme }) => theme.color.primary};
  `,
  secondary: css`
    background: transparent;
    color: ${({ theme }) => theme.color.text};
    border-color: ${({ theme }) => theme.color.border};
  `,
  danger: css`
    background: ${({ theme }) => theme.color.danger};
    color: #fff;
    border-color: ${({ theme }) => theme.color.danger};
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.color.textMuted};
    border-color: transparent;
  `,
};

/** A button; 40 px tall (44 on touch screens). */
export const OpsButton = styled.button<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.sm};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;
  white-space: nowrap;
  ${({ $variant = 'secondary' }) => variantCss[$variant]}
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
  kbd {
    font: 500 11px ${({ theme }) => theme.font.mono};
    opacity: 0.7;
    border: 1px solid currentColor;
    border-radius: 4px;
    padding: 0 4px;
  }
  @media (pointer: coarse) {
    min-height: ${({ theme }) => theme.touch}px;
  }
`;

const fieldCss = css`
  min-height: 40px;
  width: 100%;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: 400 14px / 1.4 ${({ theme }) => theme.font.body};
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.color.primary};
  }
  @media (pointer: coarse) {
    min-height: ${({ theme }) => theme.touch}px;
    font-size: 16px;
  }
`;

export const OpsInput = styled.input`
  ${fieldCss}
`;
export const OpsSelect = styled.select`
  ${fieldCss}
`;
export const OpsTextarea = styled.textarea`
  ${fieldCss}
  padding-block: ${({ theme }) => theme.space(2)};
  min-height: 72px;
  resize: vertical;
`;

/** A labelled field: the label above the control, an error under it. */
export function OpsField({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <FieldBox>
      <span>{label}</span>
      {children}
      {error && <small role="alert">{error}</small>}
    </FieldBox>
  );
}

const FieldBox = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  min-width: 0;
  small {
    color: ${({ theme }) => theme.color.danger};
    font-size: 13px;
  }
`;

/** A form in a dialog: fields stacked, text aligned to the start (dialogs centre their text). */
export const OpsDialogForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  text-align: start;
  p {
    margin: 0;
  }
`;

/** The buttons of a form or dialog, at the end of the row. */
export const OpsButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A form's refusal, under its fields (give it role="alert"). */
export const OpsFormError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 14px;
`;

/** A muted second line inside a cell or a heading. */
export const OpsSub = styled.small`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** A row of filters or form fields that wraps on narrow screens. */
export const OpsToolbar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  & > label {
    flex: 1 1 160px;
  }
`;

export type OpsTone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';

/** A small status label (text as well as colour). */
export const OpsBadge = styled.span<{ $tone?: OpsTone }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 600;
  white-space: nowrap;
  border: 1px solid currentColor;
  color: ${({ theme, $tone = 'muted' }) =>
    ({
      ok: theme.color.up,
      warn: theme.color.warning,
      bad: theme.color.danger,
      info: theme.color.primary,
      muted: theme.color.textMuted,
    })[$tone]};
`;

// ---- time ----

/** The current time, refreshed every `everyMs` (waiting times stay right on a page left open). */
export function useOpsNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** How long something has waited, coloured by urgency (under 1 h, under 1 day, more). */
export function WaitingTime({ since, now }: { since: number; now: number }) {
  const { t } = useTranslation('ops');
  const ms = Math.max(0, now - since);
  const p = waitParts(ms);
  const tone = waitTone(ms);
  return (
    <Wait $tone={tone} data-tone={tone} title={new Date(since).toISOString()}>
      {t(`wait.${p.key}`, { d: p.d, h: p.h, m: p.m })}
    </Wait>
  );
}

const Wait = styled.span<{ $tone: 'calm' | 'warning' | 'overdue' }>`
  font-variant-numeric: tabular-nums;
  font-weight: ${({ $tone }) => ($tone === 'calm' ? 400 : 600)};
  color: ${({ theme, $tone }) =>
    $tone === 'calm' ? theme.color.text : $tone === 'warning' ? theme.color.warning : theme.color.danger};
`;

// ---- paging and states ----

/** Previous / next with "page x of y". */
export function OpsPager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('ops');
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Pager aria-label={t('pager.label')}>
      <OpsButton type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('pager.prev')}
      </OpsButton>
      <span>{t('pager.status', { page, pages, count: total })}</span>
      <OpsButton type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('pager.next')}
      </OpsButton>
    </Pager>
  );
}

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`;

export type OpsLoad<T> = LoadState<T>;

/** Load on mount and whenever `key` changes; `reload` loads again, keeping the data shown meanwhile (`useLoad`). */
export function useOpsLoad<T>(load: () => Promise<T>, key: string): LoadResult<T> {
  return useLoad(load, key, { keepWhileReloading: true });
}

/** The loading and error states of an ops page section (`children` renders the data). */
export function OpsState<T>({
  state,
  rows = 5,
  children,
}: {
  state: OpsLoad<T> & { reload: () => void };
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('ops');
  if (state.status === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label={t('loading')}>
        <SkeletonRows rows={rows} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <ErrorBox role="alert" data-testid="ops-load-error">
        <span>{t('loadFailed')}</span>
        <OpsButton type="button" onClick={state.reload}>
          {t('retry')}
        </OpsButton>
      </ErrorBox>
    );
  }
  return <>{children(state.data)}</>;
}

const ErrorBox = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.md};
`;

/** Nothing to show (an empty queue is good news: say so). */
export const OpsEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  background: ${({ theme }) => theme.color.surface};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

// ---- keyboard ----

const isTyping = (el: Element | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * Single-key shortcuts (`j`, `k`, `a`, `r`, `/`…) for a page, ignored while typing in a field or while a dialog is
 * open, and never with Ctrl/Alt/Meta (the browser's own shortcuts stay).
 */
export function useHotkeys(keys: Record<string, () => void>, enabled = true): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
      if (isTyping(document.activeElement)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const fn = ref.current[e.key];
      if (fn) {
        e.preventDefault();
        fn();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
