/**
 * Pieces the two finance queues (features ops-deposits and ops-withdrawals) share: the status filter, the text prompt
 * of a decision, the conflict notice, the account state, the layout.
 */
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog, NumericInput } from '@meridian/shared';
import {
  OpsBadge,
  OpsButton,
  OpsButtons,
  OpsDialogForm,
  OpsField,
  OpsFormError,
  OpsInput,
  OpsFacts,
  OpsSelect,
  OpsTable,
} from '@meridian/shared/ops';
import { MONEY_FIELD } from '@meridian/shared/pure';
import type { OpsFundsAccount } from '@meridian/shared/pure';
import { readAmount } from '../lib/amount';
import { OPS_NS } from '../lib/ops-ns';
import { Mono } from './ui';

export function StatusFilter({
  value,
  onChange,
  options,
}: {
  value: number;
  onChange: (v: number) => void;
  options: { value: number; label: string }[];
}) {
  const { t } = useTranslation(OPS_NS);
  return (
    <OpsField label={t('status')}>
      <OpsSelect
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="ops-funds-status"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </OpsSelect>
    </OpsField>
  );
}

export type Prompt = {
  title: string;
  label: string;
  required: boolean;
  confirmText: string;
  danger?: boolean;
  /** Shown above the fields: what the decision does (a payout's address and amount). */
  details?: ReactNode;
  /** A second text field before the main one (an approval's amount received), prefilled; checked by the server. */
  second?: { label: string; initial: string; testId: string };
  run: (text: string, second: string) => Promise<void>;
};

/** An address (or account) to pay, with a copy button: what finance pastes into the wallet or bank. */
export function CopyValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation(OPS_NS);
  const [copied, setCopied] = useState(false);
  return (
    <CopyRow>
      <Mono data-testid={testId}>{value}</Mono>
      <OpsButton
        type="button"
        $variant="ghost"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
        data-testid={`${testId}-copy`}
      >
        {copied ? t('copied') : t('copy')}
      </OpsButton>
    </CopyRow>
  );
}

const CopyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0;
`;

/** A decision that needs a text (a reason, a payout reference): asked in a dialog, sent once. */
export function PromptDialog({ prompt, onClose }: { prompt: Prompt | null; onClose: () => void }) {
  const { t, i18n } = useTranslation(OPS_NS);
  const [text, setText] = useState('');
  const [second, setSecond] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const secondValue = second ?? prompt?.second?.initial ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!prompt || busy) return;
    if (prompt.required && !text.trim()) return setError(t('required'));
    // The amount is sent as read (the shared number rules), never rewritten; a refused text says why under it.
    const amount = prompt.second ? readAmount(secondValue, i18n.language) : '';
    if (amount === null) return;
    setBusy(true);
    try {
      await prompt.run(text.trim(), amount);
      setText('');
      setSecond(null);
      setError('');
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={prompt !== null}
      onClose={() => {
        setSecond(null);
        setError('');
        onClose();
      }}
      title={prompt?.title}
    >
      <OpsDialogForm onSubmit={(e) => void submit(e)} noValidate>
        {prompt?.details}
        {prompt?.second && (
          <OpsField label={prompt.second.label}>
            <NumericInput
              inputAs={OpsInput}
              options={MONEY_FIELD}
              required
              value={secondValue}
              onChange={(v) => setSecond(v)}
              data-testid={prompt.second.testId}
            />
          </OpsField>
        )}
        <OpsField label={prompt?.label ?? ''}>
          <OpsInput
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
            data-testid="ops-prompt-input"
          />
        </OpsField>
        {error && <OpsFormError role="alert">{error}</OpsFormError>}
        <OpsButtons>
          <OpsButton type="button" $variant="ghost" onClick={onClose}>
            {t('cancel')}
          </OpsButton>
          <OpsButton
            type="submit"
            $variant={prompt?.danger ? 'danger' : 'primary'}
            disabled={busy}
            data-testid="ops-prompt-submit"
          >
            {prompt?.confirmText}
          </OpsButton>
        </OpsButtons>
      </OpsDialogForm>
    </Dialog>
  );
}

export const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.warning};
`;

/**
 * The queue beside the selected item. Every track may shrink below its content (`minmax(0, …)`): a wide table then
 * scrolls inside its own frame instead of widening the page (on a phone the selected item's buttons ended off
 * screen).
 */
export const Split = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (max-width: 959px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/**
 * A queue's table in its narrow column: details go on a cell's second line, a long e-mail is cut (in full on
 * hover and in the detail panel), a long header and a decided date wrap, so the status badge, the last column, stays in sight.
 */
export const QueueTable = styled(OpsTable)`
  th {
    white-space: normal;
    vertical-align: bottom;
  }
  td.clip {
    max-width: 180px;
  }
  td.when {
    white-space: normal;
    min-width: 88px;
  }
`;

/** A detail panel's parts with room between them: the facts, the proof picture, the account state, the buttons. */
export const DetailActions = styled(OpsButtons)`
  margin-top: ${({ theme }) => theme.space(4)};
`;

/**
 * The trader's account as it stands now, shown before a decision: frozen and why, identity, balance and what
 * withdrawals hold. A frozen account is neither paid out nor credited (the server refuses with 1306 anyway).
 */
export function AccountState({ account, testId }: { account: OpsFundsAccount; testId: string }) {
  const { t } = useTranslation(OPS_NS);
  return (
    <StateBox $frozen={account.frozen} data-testid={testId} data-frozen={account.frozen}>
      <h3>{t('state.title')}</h3>
      <OpsFacts>
        <dt>{t('state.frozenLabel')}</dt>
        <dd>
          {account.frozen ? (
            <OpsBadge $tone="bad">{t('state.frozen', { reason: account.frozen_reason })}</OpsBadge>
          ) : (
            <OpsBadge $tone="ok">{t('state.active')}</OpsBadge>
          )}
        </dd>
        <dt>{t('state.identity')}</dt>
        <dd>
          <OpsBadge $tone={account.verified ? 'ok' : 'warn'}>
            {t(account.verified ? 'state.verified' : 'state.notVerified')}
          </OpsBadge>
        </dd>
        <dt>{t('state.balance')}</dt>
        <dd dir="ltr">{account.balance} USD</dd>
        <dt>{t('state.hold')}</dt>
        <dd dir="ltr">{account.withdraw_hold} USD</dd>
      </OpsFacts>
      {account.frozen && <p role="note">{t('state.blocked')}</p>}
    </StateBox>
  );
}

const StateBox = styled.section<{ $frozen: boolean }>`
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $frozen }) => ($frozen ? theme.color.danger : theme.color.border)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 14px;
    font-weight: 600;
  }
  p {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    color: ${({ theme }) => theme.color.danger};
    font-size: 14px;
  }
  ${OpsBadge} {
    white-space: normal;
  }
`;
