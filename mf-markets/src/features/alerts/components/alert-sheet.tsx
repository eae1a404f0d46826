/**
 * The alert sheet: "alert me when the bid / ask goes above or below X" or "when today's change reaches ±N %", once or
 * repeating with a cool-down (docs/rules.md#alerts). Opened from the bell on /trade (a new alert at the price now)
 * and from /mine/alerts (an alert to edit). Number fields show exactly what was typed and say why it is not taken.
 */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Dialog, NumericInput, toast } from '@meridian/shared';
import { normalizeLanguage } from '@meridian/shared/pure';
import { formatPrice } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { saveAlert } from '../api/alerts-api';
import type { AlertView } from '../api/alerts-api';
import { checkAlert, COOLDOWNS, cooldownLabel, levelOptions, percentOptions } from '../state/alert-form';
import type { AlertForm, AlertInstrument } from '../state/alert-form';
import { Button, Chip, Chips, Muted } from './alert-parts';

export type AlertSheetProps = {
  open: boolean;
  /** The instrument and its name; the form to start from (a new alert, or the one being edited). */
  instrument: AlertInstrument & { ShowCode: string };
  initial: AlertForm;
  /** Editing: the alert's id. */
  id?: number;
  /** The live bid and ask, shown beside the level. */
  quote?: { bid: number; ask: number };
  onClose: () => void;
  onSaved?: (alert: AlertView) => void;
};

export function AlertSheet(props: AlertSheetProps) {
  const { t } = useTranslation(NS);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      dismissible
      title={props.id ? t('alerts.editTitle') : t('alerts.newTitle', { code: props.instrument.ShowCode })}
    >
      {props.open && <AlertFormView {...props} />}
    </Dialog>
  );
}

function AlertFormView({ instrument, initial, id, quote, onClose, onSaved }: AlertSheetProps) {
  const { t, i18n } = useTranslation(NS);
  const lng = i18n.language;
  const language = normalizeLanguage(lng);
  const ids = useId();
  const [form, setForm] = useState<AlertForm>(initial);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof AlertForm>(key: K, value: AlertForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const check = checkAlert(form, instrument, { id, language });

  const save = async () => {
    if (check.kind !== 'ok' || busy) return;
    setBusy(true);
    try {
      const { data, msg } = await saveAlert(check.params);
      toast(msg || t('alerts.saved'), 'success');
      onSaved?.(data);
      onClose();
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  const choice = <V extends string | number | boolean>(
    value: V,
    current: V,
    label: ReactNode,
    onPick: (v: V) => void,
    testId: string,
  ) => (
    <Chip
      key={String(value)}
      type="button"
      role="radio"
      aria-checked={value === current}
      onClick={() => onPick(value)}
      data-testid={testId}
    >
      {label}
    </Chip>
  );

  return (
    <Form
      data-testid="alert-sheet"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Chips role="radiogroup" aria-label={t('alerts.kind')}>
        {choice(
          'price' as const,
          form.kind,
          t('alerts.kindPrice'),
          (v) => set('kind', v),
          'alert-kind-price',
        )}
        {choice(
          'percent' as const,
          form.kind,
          t('alerts.kindPercent'),
          (v) => set('kind', v),
          'alert-kind-percent',
        )}
      </Chips>
      {form.kind === 'price' && (
        <Chips role="radiogroup" aria-label={t('alerts.side')}>
          {choice('bid' as const, form.side, t('alerts.bid'), (v) => set('side', v), 'alert-side-bid')}
          {choice('ask' as const, form.side, t('alerts.ask'), (v) => set('side', v), 'alert-side-ask')}
        </Chips>
      )}
      <Chips role="radiogroup" aria-label={t('alerts.direction')}>
        {choice(
          'above' as const,
          form.direction,
          form.kind === 'price' ? t('alerts.above') : t('alerts.up'),
          (v) => set('direction', v),
          'alert-dir-above',
        )}
        {choice(
          'below' as const,
          form.direction,
          form.kind === 'price' ? t('alerts.below') : t('alerts.down'),
          (v) => set('direction', v),
          'alert-dir-below',
        )}
      </Chips>
      {form.kind === 'price' ? (
        <Field>
          <label htmlFor={`${ids}-level`}>{t('alerts.level')}</label>
          <NumericInput
            id={`${ids}-level`}
            options={levelOptions(instrument)}
            value={form.level}
            required
            reserve
            error={
              check.kind === 'error' && check.field === 'level' && form.level === '' ? t(check.key) : null
            }
            onChange={(v) => set('level', v)}
            data-testid="alert-level"
          />
          {quote && (
            <Muted data-testid="alert-now">
              {t('alerts.now', {
                bid: formatPrice(quote.bid, instrument.PricePrecision, lng),
                ask: formatPrice(quote.ask, instrument.PricePrecision, lng),
              })}
            </Muted>
          )}
        </Field>
      ) : (
        <Field>
          <label htmlFor={`${ids}-percent`}>{t('alerts.percent')}</label>
          <NumericInput
            id={`${ids}-percent`}
            options={percentOptions}
            value={form.percent}
            required
            reserve
            error={
              check.kind === 'error' && check.field === 'percent' && form.percent === '' ? t(check.key) : null
            }
            onChange={(v) => set('percent', v)}
            data-testid="alert-percent"
          />
          <Muted>{t('alerts.percentHint')}</Muted>
        </Field>
      )}
      <Toggle>
        <input
          type="checkbox"
          checked={form.repeat}
          onChange={(e) => set('repeat', e.target.checked)}
          data-testid="alert-repeat"
        />
        {t('alerts.repeat')}
      </Toggle>
      {form.repeat && (
        <Chips role="radiogroup" aria-label={t('alerts.cooldown')}>
          {COOLDOWNS.map((s) => {
            const c = cooldownLabel(s);
            return choice(
              s,
              form.cooldown,
              t(c.key, { count: c.count }),
              (v) => set('cooldown', v),
              `alert-cd-${s}`,
            );
          })}
        </Chips>
      )}
      <Muted>{form.repeat ? t('alerts.repeatHint') : t('alerts.onceHint')}</Muted>
      <Actions>
        <Button type="button" onClick={onClose}>
          {t('alerts.cancel')}
        </Button>
        <Button
          type="submit"
          $primary
          disabled={check.kind !== 'ok' || busy}
          aria-busy={busy}
          data-testid="alert-save"
        >
          {t('alerts.save')}
        </Button>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  & > label {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 13px;
  }
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-block-size: ${({ theme }) => theme.touch}px;
  & > input {
    inline-size: 20px;
    block-size: 20px;
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  & > * {
    flex: 1 1 0;
  }
`;
