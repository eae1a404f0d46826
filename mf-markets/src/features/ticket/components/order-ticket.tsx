/**
 * The order ticket (spec §2 `/trade`, §5): side, market or pending, leverage, lots on the Pip step, SL and TP behind
 * tick boxes, live estimates (margin, fee, liquidation) by the engine's formulas, the available balance, then a
 * confirmation and the server's message as a toast. A guest is sent to log in; a closed market disables the order.
 * Render it with `key={instrument.Id}`: a new instrument starts a new ticket (its lots, step and leverages differ).
 */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  confirm,
  sessionAtom,
  siteSettingsAtom,
  toast,
  useAppNavigate,
  useAtomValue,
} from '@meridian/shared';
import { BUY, formatMicros, SELL, hrefs, PATHS } from '@meridian/shared/pure';
import type { Side } from '@meridian/shared/pure';
import { formatPrice } from '../../../lib/format';
import { decimalsOf, formatAmount, formatNumber } from '../../../lib/format-amount';
import { NS } from '../../../lib/ns';
import { submitOrder } from '../api/submit-order';
import { useBalance } from '../hooks/use-balance';
import { canStepDown, checkTicket, estimate, leveragesOf, stepQuantity } from '../state/ticket-rules';
import type { OrderMode, TicketForm, TicketInstrument } from '../state/ticket-rules';

export type OrderTicketProps = {
  instrument: TicketInstrument & { ShowCode: string };
  quote: { bid: number; ask: number };
  marketOpen: boolean;
  usdRate: number | undefined;
  lang: string;
};

const initialForm = (inst: TicketInstrument): TicketForm => ({
  side: BUY,
  mode: 1,
  lots: formatLots(inst.ForexMinCont, inst.Pip),
  leverage: leveragesOf(inst)[0] ?? null,
  price: '',
  slOn: false,
  sl: '',
  tpOn: false,
  tp: '',
});

function formatLots(lots: number, pip: number): string {
  return lots.toFixed(Math.max(decimalsOf(pip), decimalsOf(lots)));
}

export function OrderTicket({ instrument, quote, marketOpen, usdRate, lang }: OrderTicketProps) {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(siteSettingsAtom);
  const { balance, refresh } = useBalance();
  const [form, setForm] = useState<TicketForm>(() => initialForm(instrument));
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const set = <K extends keyof TicketForm>(key: K, value: TicketForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const feeType = settings?.trade_fee_type ?? 1;
  const est = estimate(form, instrument, { quote, feeType, balance, usdRate });
  const leverages = leveragesOf(instrument);
  const price = form.side === BUY ? quote.ask : quote.bid;

  const submit = async () => {
    const check = checkTicket(form, instrument, { loggedIn: session.isLoggedIn, balance, quote });
    if (check.kind === 'login') {
      navigate(hrefs.login(PATHS.trade));
      return;
    }
    if (check.kind === 'error') {
      toast(t(check.key, check.vars), 'error');
      return;
    }
    const p = check.params;
    const ok = await confirm({
      title: t('ticket.confirmTitle'),
      message: t(p.status === 1 ? 'ticket.confirmMarket' : 'ticket.confirmPending', {
        side: t(p.type === BUY ? 'ticket.buy' : 'ticket.sell'),
        lots: formatNumber(Number(p.cont), lang),
        code: instrument.ShowCode,
        price: formatPrice(Number(p.target_price), instrument.PricePrecision, lang),
        leverage: p.multiple,
      }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const msg = await submitOrder(p);
      toast(msg || t('ticket.confirmed'), 'success');
      refresh();
    } catch {
      // The client already showed the server's message (or the network error).
    } finally {
      setBusy(false);
    }
  };

  const money = (micros: number | null) =>
    micros === null ? '—' : formatAmount(formatMicros(micros, 2), 2, lang);

  return (
    <Ticket data-testid="order-ticket" aria-label={t('ticket.title')}>
      <Segmented role="radiogroup" aria-label={t('ticket.side')}>
        {([BUY, SELL] as Side[]).map((s) => (
          <SideButton
            key={s}
            type="button"
            role="radio"
            aria-checked={form.side === s}
            $side={s}
            $on={form.side === s}
            disabled={!marketOpen}
            onClick={() => set('side', s)}
            data-testid={s === BUY ? 'side-buy' : 'side-sell'}
          >
            <span>{t(s === BUY ? 'ticket.buy' : 'ticket.sell')}</span>
            <b>{formatPrice(s === BUY ? quote.ask : quote.bid, instrument.PricePrecision, lang)}</b>
          </SideButton>
        ))}
      </Segmented>

      <Tabs role="tablist" aria-label={t('ticket.mode')}>
        {([1, 0] as OrderMode[]).map((m) => (
          <Tab
            key={m}
            type="button"
            role="tab"
            aria-selected={form.mode === m}
            $on={form.mode === m}
            onClick={() => set('mode', m)}
            data-testid={m === 1 ? 'mode-market' : 'mode-pending'}
          >
            {t(m === 1 ? 'ticket.market' : 'ticket.pending')}
          </Tab>
        ))}
      </Tabs>

      {form.mode === 0 ? (
        <Field label={t('ticket.targetPrice')} htmlFor={`${ids}-price`}>
          <NumberInput
            id={`${ids}-price`}
            inputMode="decimal"
            value={form.price}
            placeholder={formatPrice(price, instrument.PricePrecision, 'en').replace(/,/g, '')}
            onChange={(e) => set('price', e.target.value)}
            data-testid="target-price"
          />
        </Field>
      ) : (
        <Field label={t('ticket.marketPrice')}>
          <Static data-testid="market-price">{formatPrice(price, instrument.PricePrecision, lang)}</Static>
        </Field>
      )}

      <Field label={t('ticket.leverage')}>
        {leverages.length === 0 ? (
          <Muted data-testid="no-leverage">{t('ticket.noLeverage')}</Muted>
        ) : (
          <Chips role="radiogroup" aria-label={t('ticket.leverage')}>
            {leverages.map((v) => (
              <Chip
                key={v}
                type="button"
                role="radio"
                aria-checked={form.leverage === v}
                $on={form.leverage === v}
                onClick={() => set('leverage', v)}
              >
                {`×${v}`}
              </Chip>
            ))}
          </Chips>
        )}
      </Field>

      <Field label={t('ticket.lots')} htmlFor={`${ids}-lots`}>
        <Stepper>
          <StepButton
            type="button"
            aria-label={t('ticket.less')}
            disabled={!canStepDown(form.lots, instrument.Pip)}
            onClick={() => set('lots', stepQuantity(form.lots, instrument, -1))}
            data-testid="lots-minus"
          >
            −
          </StepButton>
          <NumberInput
            id={`${ids}-lots`}
            inputMode="decimal"
            value={form.lots}
            onChange={(e) => set('lots', e.target.value)}
            data-testid="lots"
            $center
          />
          <StepButton
            type="button"
            aria-label={t('ticket.more')}
            onClick={() => set('lots', stepQuantity(form.lots, instrument, 1))}
            data-testid="lots-plus"
          >
            +
          </StepButton>
        </Stepper>
      </Field>

      <StopRow
        label={t('ticket.stopLoss')}
        on={form.slOn}
        value={form.sl}
        onToggle={(on) => set('slOn', on)}
        onChange={(v) => set('sl', v)}
        testId="sl"
      />
      <StopRow
        label={t('ticket.takeProfit')}
        on={form.tpOn}
        value={form.tp}
        onToggle={(on) => set('tpOn', on)}
        onChange={(v) => set('tp', v)}
        testId="tp"
      />

      <Figures>
        <dt>{t('ticket.estMargin')}</dt>
        <dd data-testid="est-margin">{money(est.marginMicros)}</dd>
        <dt>{t('ticket.estFee')}</dt>
        <dd data-testid="est-fee">{money(est.feeMicros)}</dd>
        <dt>{t('ticket.available')}</dt>
        <dd data-testid="balance">{balance === null ? '—' : formatAmount(balance, 2, lang)}</dd>
        <dt>{t('ticket.liquidation')}</dt>
        <dd data-testid="liquidation">
          {est.liquidation === null ? '—' : formatPrice(est.liquidation, instrument.PricePrecision, lang)}
        </dd>
      </Figures>

      <ActionBar>
        <Action
          type="button"
          $side={form.side}
          disabled={!marketOpen || busy}
          onClick={() => void submit()}
          data-testid="submit-order"
        >
          {marketOpen ? t(form.side === BUY ? 'ticket.placeBuy' : 'ticket.placeSell') : t('marketClosed')}
        </Action>
      </ActionBar>
    </Ticket>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <Row>
      {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
      <div>{children}</div>
    </Row>
  );
}

function StopRow({
  label,
  on,
  value,
  onToggle,
  onChange,
  testId,
}: {
  label: string;
  on: boolean;
  value: string;
  onToggle: (on: boolean) => void;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <Row>
      <Check>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => onToggle(e.target.checked)}
          data-testid={`${testId}-on`}
        />
        <span>{label}</span>
      </Check>
      <div>
        <NumberInput
          id={id}
          aria-label={label}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          disabled={!on}
          value={on ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      </div>
    </Row>
  );
}

const Ticket = styled.section`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} 0;
  border-top: 8px solid ${({ theme }) => theme.color.surface};
`;

const Segmented = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(2)};
`;

const SideButton = styled.button<{ $side: Side; $on: boolean }>`
  min-height: 52px;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 2px solid
    ${({ $side, $on, theme }) => ($on ? ($side === BUY ? theme.color.up : theme.color.down) : theme.color.border)};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ $side, theme }) => ($side === BUY ? theme.color.up : theme.color.down)};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
  b {
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.color.text};
  }
  &:disabled {
    opacity: 0.5;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Tab = styled.button<{ $on: boolean }>`
  min-height: 44px;
  border: 0;
  border-bottom: 2px solid ${({ $on, theme }) => ($on ? theme.color.primary : 'transparent')};
  background: transparent;
  color: ${({ $on, theme }) => ($on ? theme.color.text : theme.color.textMuted)};
  font: 600 14px / 1 ${({ theme }) => theme.font.body};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(96px, auto) 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 52px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & > label,
  & > span {
    font-size: 14px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  & > div {
    display: flex;
    justify-content: flex-end;
  }
`;

const NumberInput = styled.input<{ $center?: boolean }>`
  width: 100%;
  max-width: 180px;
  height: 40px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font-size: 16px;
  font-variant-numeric: tabular-nums;
  text-align: ${({ $center }) => ($center ? 'center' : 'end')};
  &:disabled {
    opacity: 0.4;
  }
`;

const Static = styled.span`
  font-size: 16px;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.color.warning};
  text-align: end;
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1.5)};
  padding: ${({ theme }) => theme.space(1)} 0;
`;

const Chip = styled.button<{ $on: boolean }>`
  min-width: 44px;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ $on, theme }) => ($on ? theme.color.primary : theme.color.border)};
  background: ${({ $on, theme }) => ($on ? theme.color.primary : 'transparent')};
  color: ${({ $on, theme }) => ($on ? theme.color.onPrimary : theme.color.text)};
  font: 600 13px / 1 ${({ theme }) => theme.font.body};
  font-variant-numeric: tabular-nums;
`;

const Stepper = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
`;

const StepButton = styled.button`
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-size: 20px;
  &:disabled {
    opacity: 0.35;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
  input {
    width: 22px;
    height: 22px;
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  row-gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0;
  font-size: 13px;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

/** Stuck above the host's tab bar (56 px + the safe area), within thumb reach. */
const ActionBar = styled.div`
  position: sticky;
  bottom: calc(56px + env(safe-area-inset-bottom));
  padding: ${({ theme }) => theme.space(2)} 0;
  background: ${({ theme }) => theme.color.bg};
`;

const Action = styled.button<{ $side: Side }>`
  width: 100%;
  min-height: 52px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $side, theme }) => ($side === BUY ? theme.color.up : theme.color.down)};
  color: #fff;
  font: 700 16px / 1 ${({ theme }) => theme.font.body};
  &:disabled {
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
