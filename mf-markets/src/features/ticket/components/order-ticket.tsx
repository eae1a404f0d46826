/**
 * The order ticket (docs/routes.md `/trade`, docs/rules.md "Order ticket checks"): side, market or pending, leverage, lots on the Pip step, SL and TP behind
 * tick boxes, live estimates (margin, fee, liquidation against the whole account) by the engine's formulas, the
 * available balance, then a confirmation listing everything that will be sent, and the server's message as a toast.
 * A guest is sent to log in; a closed market, or a price that stopped updating (`priceLive` false), disables the order.
 * Number fields (the shared NumericInput) show exactly what was typed and say beside it why it is not a number they
 * take; the action stays disabled until every number in use is valid, and only what the fields read is sent. A rule
 * broken by valid numbers (off the lot step, a stop on the wrong side) is said beside its field on a tap.
 * Render it with `key={instrument.Id}`: a new instrument starts a new ticket (its lots, step and leverages differ).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  confirm,
  isOffline,
  NumericInput,
  OfflineNotice,
  readStorage,
  sessionAtom,
  siteSettingsAtom,
  STORAGE_KEYS,
  toast,
  useAppNavigate,
  useAtom,
  useAtomValue,
  useOnline,
  writeStorage,
} from '@meridian/shared';
import { Switch } from '@meridian/shared/forms';
import {
  BUY,
  formatMicros,
  hrefs,
  normalizeLanguage,
  PATHS,
  pendingKindOf,
  SELL,
  trailingFieldOptions,
} from '@meridian/shared/pure';
import type { DecimalInputOptions, Side } from '@meridian/shared/pure';
import { formatPrice } from '../../../lib/format';
import { decimalsOf, formatAmount, formatNumber } from '../../../lib/format-amount';
import { NS } from '../../../lib/ns';
import { newClientOrderId, submitOrder } from '../api/submit-order';
import { useAccount } from '../hooks/use-account';
import { goesAtOnce, oneTapAtom } from '../state/one-tap';
import {
  canStepDown,
  checkTicket,
  DEFAULT_DEVIATION,
  deviationChoices,
  deviationPoints,
  deviationText,
  estimate,
  freeBalanceOf,
  leveragesOf,
  lotsOptions,
  priceOptions,
  stepQuantity,
  stopsAllowed,
  ticketNumbers,
  ticketNumbersValid,
  trailingHint,
} from '../state/ticket-rules';
import type {
  OrderMode,
  SubmitParams,
  TicketField,
  TicketForm,
  TicketInstrument,
} from '../state/ticket-rules';
import { actionLabel, OrderConfirm } from './order-confirm';
import type { OrderReview } from './order-confirm';

export type OrderTicketProps = {
  instrument: TicketInstrument & { ShowCode: string };
  quote: { bid: number; ask: number };
  marketOpen: boolean;
  /** False when the quote stopped updating (docs/rules.md#no-price): the ticket says "no current price". */
  priceLive?: boolean;
  usdRate: number | undefined;
  /** The quote currency's USD rate is this instrument's own price (USD/JPY): the liquidation preview follows it. */
  rateFollowsPrice?: boolean;
  lang: string;
};

/** The deviations chosen on this device, per instrument (in deviation units). */
function storedDeviations(): Record<string, number> {
  try {
    const v: unknown = JSON.parse(readStorage(STORAGE_KEYS.ticketDeviation) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The deviation last chosen for this instrument on this device, if it is still one the ticket offers. */
export function rememberedDeviation(instrumentId: number): number {
  const v = storedDeviations()[String(instrumentId)];
  return typeof v === 'number' && deviationChoices.includes(v) ? v : DEFAULT_DEVIATION;
}

function rememberDeviation(instrumentId: number, points: number): void {
  writeStorage(
    STORAGE_KEYS.ticketDeviation,
    JSON.stringify({ ...storedDeviations(), [String(instrumentId)]: points }),
  );
}

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
  trailOn: false,
  trail: '',
  deviation: rememberedDeviation(inst.Id),
});

function formatLots(lots: number, pip: number): string {
  return lots.toFixed(Math.max(decimalsOf(pip), decimalsOf(lots)));
}

export function OrderTicket({
  instrument,
  quote,
  marketOpen,
  priceLive = true,
  usdRate,
  rateFollowsPrice = false,
  lang,
}: OrderTicketProps) {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(siteSettingsAtom);
  const { account, refresh } = useAccount();
  const [form, setForm] = useState<TicketForm>(() => initialForm(instrument));
  const [busy, setBusy] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [review, setReview] = useState<OrderReview | null>(null);
  const [oneTap, setOneTap] = useAtom(oneTapAtom);
  // One idempotency key per confirmed order, kept across retries of the same order (a tap again after a timeout
  // must not open a second position) until the server says it is placed or the ticket changes.
  const orderKey = useRef<{ params: string; id: string } | null>(null);
  const ids = useId();
  // "Buy now" tapped offline: said beside the button (nothing is loaded or sent), gone when the connection is back.
  const online = useOnline();
  const [offlineTap, setOfflineTap] = useState(false);
  useEffect(() => {
    if (online) setOfflineTap(false);
  }, [online]);

  const set = <K extends keyof TicketForm>(key: K, value: TicketForm[K]) => {
    orderKey.current = null;
    setForm((f) => ({ ...f, [key]: value }));
  };

  const feeType = settings?.trade_fee_type ?? 1;
  const language = normalizeLanguage(lang);
  const est = estimate(form, instrument, { quote, feeType, account, usdRate, rateFollowsPrice, language });
  const leverages = leveragesOf(instrument);
  const price = form.side === BUY ? quote.ask : quote.bid;
  const precision = instrument.PricePrecision;
  const balance = freeBalanceOf(account);
  const canSetStops = stopsAllowed(account);
  const check = checkTicket(form, instrument, { loggedIn: session.isLoggedIn, account, quote, language });
  // The ticket as of the latest quote: a market order confirmed is measured from the price on screen at the tap.
  const latest = useRef(check);
  latest.current = check;
  const numbers = ticketNumbers(form, instrument, language);
  const numbersValid = ticketNumbersValid(form, instrument, { account, language });
  // A field whose text is not a number says why itself (NumericInput); an empty one gets the rule's own words at
  // once; a rule broken by valid numbers is said after a tap on the action.
  const fieldError = (field: TicketField): string | null =>
    check.kind === 'error' &&
    check.field === field &&
    (showErrors || numbers[field as keyof typeof numbers] === null)
      ? t(check.key, check.vars)
      : null;
  const lotsField = lotsOptions(instrument);
  const priceField = priceOptions(instrument);
  const targetPrice = form.mode === 0 && numbers.price !== null ? Number(numbers.price) : null;
  const pendingKind =
    form.mode === 0 && targetPrice !== null ? pendingKindOf(form.side, targetPrice, quote) : null;
  const fmtPrice = (v: string | number) => formatPrice(Number(v), precision, lang);
  const money = (micros: number | null) =>
    micros === null ? '—' : formatAmount(formatMicros(micros, 2), 2, lang);
  const tv = (key: string, vars?: Record<string, string>) => t(key, vars);
  const stopsHint = t('ticket.stopsNeedBalance', { min: formatNumber(50000, lang) });
  const trail = trailingHint(form, instrument, quote, language);

  const submit = () => {
    // Confirming, sending and logging in all need the network: say so instead of loading code that cannot come.
    if (isOffline()) {
      setOfflineTap(true);
      return;
    }
    if (check.kind === 'login') {
      navigate(hrefs.login(PATHS.trade));
      return;
    }
    if (check.kind === 'error') {
      setShowErrors(true);
      if (!check.field)
        toast(check.key === 'ticket.stopsNeedBalance' ? stopsHint : t(check.key, check.vars), 'error');
      return;
    }
    const p = check.params;
    // One-tap trading: a market order goes now, with the price on screen and the chosen deviation as its guard.
    if (goesAtOnce(oneTap, form.mode)) {
      void send(p);
      return;
    }
    setReview({
      params: p,
      pendingKind: check.pendingKind,
      code: instrument.ShowCode,
      price: fmtPrice(p.status === 1 ? price : (p.target_price ?? price)),
      lots: formatNumber(Number(p.cont), lang),
      stopLoss: p.stop_loss_price && p.stop_loss_price !== '0' ? fmtPrice(p.stop_loss_price) : null,
      takeProfit:
        p.target_profit_price && p.target_profit_price !== '0' ? fmtPrice(p.target_profit_price) : null,
      trailing: p.trailing_distance
        ? t('ticket.trailingPoints', { points: formatNumber(p.trailing_distance, lang) })
        : null,
      margin: money(est.marginMicros),
      fee: money(est.feeMicros),
      deviation: p.max_deviation === undefined ? null : deviationText(p.max_deviation, precision),
    });
  };

  const place = async () => {
    if (!review) return;
    // A market order goes with the price shown when "confirm" is tapped (the dialog follows the quote), so the
    // slippage guard measures the fill against what the trader saw then, not when the dialog opened.
    const now = latest.current;
    const params =
      review.params.expected_price !== undefined &&
      now.kind === 'ok' &&
      now.params.expected_price !== undefined
        ? {
            ...review.params,
            expected_price: now.params.expected_price,
            max_deviation: now.params.max_deviation,
          }
        : review.params;
    setReview(null);
    await send(params);
  };

  const send = async (params: SubmitParams) => {
    // The price shown moves with every quote: the same order retried is the same order whatever it showed.
    const { expected_price: _seen, ...same } = params;
    const key = JSON.stringify(same);
    if (orderKey.current?.params !== key) orderKey.current = { params: key, id: newClientOrderId() };
    setBusy(true);
    try {
      const { msg, order } = await submitOrder(params, orderKey.current.id);
      orderKey.current = null;
      // Without a confirmation the toast names the fill: side, lots, instrument and the price it got.
      const filled =
        params.status === 1 && oneTap
          ? t(order.OrderType === BUY ? 'ticket.filledBuy' : 'ticket.filledSell', {
              lots: formatNumber(order.Quantity, lang),
              code: order.ForexTradeLists.ShowCode,
              price: fmtPrice(order.FillPrice ?? order.Price),
            })
          : null;
      toast(filled ?? (msg || t('ticket.confirmed')), 'success');
      refresh();
    } catch {
      // The client already showed the server's message (or the network error); the same key serves a retry.
    } finally {
      setBusy(false);
    }
  };

  const toggleOneTap = async (on: boolean) => {
    if (!on) {
      setOneTap(false);
      return;
    }
    const agreed = await confirm({
      title: t('ticket.oneTapWarnTitle'),
      message: t('ticket.oneTapWarn'),
      confirmText: t('ticket.oneTapEnable'),
    });
    if (agreed) setOneTap(true);
  };

  let liquidation: ReactNode = '—';
  if (est.liquidation?.kind === 'price') liquidation = fmtPrice(est.liquidation.price);
  else if (est.liquidation?.kind === 'noMargin') liquidation = <Warn>{t('ticket.noMargin')}</Warn>;
  else if (est.liquidation?.kind === 'immediate') liquidation = <Warn>{t('ticket.immediateStopOut')}</Warn>;

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
            <b>{formatPrice(s === BUY ? quote.ask : quote.bid, precision, lang)}</b>
          </SideButton>
        ))}
      </Segmented>
      {marketOpen && !priceLive ? (
        <NoPrice role="status" data-testid="no-price">
          {t('ticket.noPriceHint')}
        </NoPrice>
      ) : null}

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
          <Numeric
            id={`${ids}-price`}
            inputAs={NumberInput}
            options={priceField}
            required
            value={form.price}
            placeholder={formatPrice(price, precision, 'en').replace(/,/g, '')}
            error={fieldError('price')}
            onChange={(text) => set('price', text)}
            data-testid="target-price"
          />
        </Field>
      ) : (
        <Field label={t('ticket.marketPrice')}>
          <Static data-testid="market-price">{formatPrice(price, precision, lang)}</Static>
        </Field>
      )}

      {form.mode === 1 && (
        <Field label={t('ticket.deviation')}>
          <Chips role="radiogroup" aria-label={t('ticket.deviation')} data-testid="deviation">
            {deviationChoices.map((v) => (
              <Chip
                key={v}
                type="button"
                role="radio"
                aria-checked={form.deviation === v}
                $on={form.deviation === v}
                onClick={() => {
                  rememberDeviation(instrument.Id, v);
                  set('deviation', v);
                }}
                data-testid={`deviation-${v}`}
              >
                <bdi dir="ltr">{`±${deviationText(deviationPoints(v, price, precision), precision)}`}</bdi>
              </Chip>
            ))}
          </Chips>
        </Field>
      )}

      <Field label={t('ticket.leverage')} error={fieldError('leverage')} testId="leverage">
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
                {/* Isolated left to right, or a right-to-left page would show "2×". */}
                <bdi dir="ltr">{`×${v}`}</bdi>
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
            disabled={!canStepDown(numbers.lots, instrument.Pip)}
            onClick={() => set('lots', stepQuantity(numbers.lots, instrument, -1))}
            data-testid="lots-minus"
          >
            −
          </StepButton>
          <Numeric
            id={`${ids}-lots`}
            inputAs={CenteredInput}
            options={lotsField}
            required
            value={form.lots}
            error={fieldError('lots')}
            onChange={(text) => set('lots', text)}
            data-testid="lots"
          />
          <StepButton
            type="button"
            aria-label={t('ticket.more')}
            onClick={() => set('lots', stepQuantity(numbers.lots, instrument, 1))}
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
        disabled={!canSetStops}
        error={fieldError('sl')}
        options={priceField}
        onToggle={(on) => set('slOn', on)}
        onChange={(v) => set('sl', v)}
        testId="sl"
      />
      <StopRow
        label={t('ticket.takeProfit')}
        on={form.tpOn}
        value={form.tp}
        disabled={!canSetStops}
        error={fieldError('tp')}
        options={priceField}
        onToggle={(on) => set('tpOn', on)}
        onChange={(v) => set('tp', v)}
        testId="tp"
      />
      <StopRow
        label={t('ticket.trailing')}
        fieldLabel={t('ticket.trailingDistance')}
        on={form.trailOn}
        value={form.trail}
        disabled={!canSetStops}
        error={fieldError('trail')}
        options={trailingFieldOptions}
        onToggle={(on) => set('trailOn', on)}
        onChange={(v) => set('trail', v)}
        testId="trail"
      />
      {trail && canSetStops && (
        <Hint data-testid="trail-hint">
          {trail.atFill
            ? t('ticket.trailingAtFill', { points: formatNumber(trail.points, lang) })
            : trail.level
              ? t('ticket.trailingStart', { level: fmtPrice(trail.level) })
              : t('ticket.trailingTooFar')}
        </Hint>
      )}
      {!canSetStops && <Hint data-testid="stops-hint">{stopsHint}</Hint>}

      <Figures>
        <dt>{t('ticket.estMargin')}</dt>
        <dd data-testid="est-margin">{money(est.marginMicros)}</dd>
        <dt>{t('ticket.estFee')}</dt>
        <dd data-testid="est-fee">{money(est.feeMicros)}</dd>
        <dt>{t('ticket.available')}</dt>
        <dd data-testid="balance">{balance === null ? '—' : formatAmount(balance, 2, lang)}</dd>
        <dt>{t('ticket.liquidation')}</dt>
        <dd data-testid="liquidation">{liquidation}</dd>
      </Figures>

      {form.mode === 1 && (
        <OneTapRow>
          <OneTapLabel>
            <span>{t('ticket.oneTap')}</span>
            <Switch
              checked={oneTap}
              aria-describedby={oneTap ? `${ids}-onetap` : undefined}
              onChange={(e) => void toggleOneTap(e.target.checked)}
              data-testid="one-tap"
            />
          </OneTapLabel>
          {oneTap && (
            <OneTapNote id={`${ids}-onetap`} data-testid="one-tap-on">
              {t('ticket.oneTapOn')}
            </OneTapNote>
          )}
        </OneTapRow>
      )}

      <ActionBar $sticky={marketOpen}>
        {offlineTap && !online && <OfflineNotice />}
        <Action
          type="button"
          $side={form.side}
          disabled={!marketOpen || !priceLive || busy || (session.isLoggedIn && !numbersValid)}
          onClick={submit}
          data-testid="submit-order"
        >
          {marketOpen && !priceLive
            ? t('noPrice')
            : marketOpen
              ? actionLabel(
                  tv,
                  form.side,
                  form.mode === 0 ? (pendingKind ?? 'limit') : null,
                  targetPrice === null ? null : fmtPrice(targetPrice),
                )
              : t('marketClosed')}
        </Action>
      </ActionBar>
      <OrderConfirm
        review={review && review.params.status === 1 ? { ...review, price: fmtPrice(price) } : review}
        onCancel={() => setReview(null)}
        onConfirm={() => void place()}
      />
    </Ticket>
  );
}

function Field({
  label,
  htmlFor,
  error,
  testId,
  children,
}: {
  label: string;
  htmlFor?: string;
  error?: string | null;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Row>
      {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
      <div>{children}</div>
      {error && (
        <FieldError role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </FieldError>
      )}
    </Row>
  );
}

function StopRow({
  label,
  fieldLabel,
  on,
  value,
  disabled,
  error,
  options,
  onToggle,
  onChange,
  testId,
}: {
  label: string;
  /** The field's own name when it is not the toggle's (a distance, not a price). */
  fieldLabel?: string;
  on: boolean;
  value: string;
  disabled: boolean;
  error: string | null;
  options: Omit<DecimalInputOptions, 'language'>;
  onToggle: (on: boolean) => void;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <Row>
      <Check $disabled={disabled}>
        <input
          type="checkbox"
          checked={on && !disabled}
          disabled={disabled}
          onChange={(e) => onToggle(e.target.checked)}
          data-testid={`${testId}-on`}
        />
        <span>{label}</span>
      </Check>
      <div>
        <Numeric
          id={id}
          aria-label={fieldLabel ?? label}
          inputAs={NumberInput}
          options={options}
          required
          disabled={!on || disabled}
          value={on && !disabled ? value : ''}
          error={error}
          onChange={(text) => onChange(text)}
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

/** The shared number field in a ticket row: the input at the row's end, its message under it, end-aligned. */
const Numeric = styled(NumericInput)`
  flex: 1;
  align-items: flex-end;
  text-align: end;
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
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const CenteredInput = styled(NumberInput).attrs({ $center: true })``;

const FieldError = styled.p`
  grid-column: 1 / -1;
  margin: -${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.danger};
  font-size: 13px;
  text-align: end;
`;

const OneTapRow = styled.div`
  padding: ${({ theme }) => theme.space(1)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const OneTapLabel = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
`;

const OneTapNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.warning};
  font-size: 13px;
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.color.warning};
  font-size: 13px;
`;

const Warn = styled.span`
  color: ${({ theme }) => theme.color.warning};
`;

const NoPrice = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.warning};
  font-size: 14px;
  line-height: 1.4;
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

const Check = styled.label<{ $disabled: boolean }>`
  display: flex;
  opacity: ${({ $disabled }) => ($disabled ? 0.5 : 1)};
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

/**
 * Stuck above the host's tab bar (56 px + the safe area), within thumb reach; in its place when the market is
 * closed, where there is nothing to tap and it would only hide the rows above it.
 */
const ActionBar = styled.div<{ $sticky: boolean }>`
  position: ${({ $sticky }) => ($sticky ? 'sticky' : 'static')};
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
