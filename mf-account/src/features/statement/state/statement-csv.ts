/**
 * The statement as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheet apps read the trader's language),
 * labelled in the trader's language. Amounts stay plain numbers ("-12.34") so a spreadsheet can sum them; a text
 * cell that a spreadsheet would read as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
import type { Statement } from '@meridian/shared/pure';

type T = (key: string, vars?: Record<string, string>) => string;

const FORMULA = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a comma, quote or line break; text that looks like a formula is defused. */
export function cell(value: string | number, { text = false }: { text?: boolean } = {}): string {
  let s = String(value);
  if (text && FORMULA.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const row = (cells: string[]) => cells.join(',');

export function statementCsv(s: Statement, t: T): string {
  const side = (n: number) => t(n === 1 ? 'statement.buy' : 'statement.sell');
  const lines: string[] = [
    row([cell(t('statement.title'), { text: true }), cell(`${s.from} – ${s.to}`, { text: true })]),
    row([cell(t('statement.account'), { text: true }), cell(s.uid, { text: true })]),
    row([cell(t('statement.generatedAt'), { text: true }), cell(`${s.generated_at} UTC`, { text: true })]),
    row([cell(t('statement.opening'), { text: true }), s.opening_balance]),
    row([cell(t('statement.deposits'), { text: true }), s.totals.deposits]),
    row([cell(t('statement.withdrawals'), { text: true }), s.totals.withdrawals]),
    row([cell(t('statement.fees'), { text: true }), s.totals.fees]),
    row([cell(t('statement.realised'), { text: true }), s.totals.realised_pl]),
    row([cell(t('statement.writtenOff'), { text: true }), s.totals.written_off]),
    row([cell(t('statement.other'), { text: true }), s.totals.other]),
    row([cell(t('statement.closing'), { text: true }), s.closing_balance]),
    '',
    row(
      ['colTime', 'colText', 'colOrder', 'colAmount', 'colBalance'].map((k) =>
        cell(t(`statement.${k}`), { text: true }),
      ),
    ),
    ...s.movements.map((m) =>
      row([
        cell(m.time),
        cell(m.text, { text: true }),
        m.order_id === null ? '' : String(m.order_id),
        m.amount,
        m.cash_after,
      ]),
    ),
    '',
    row(
      [
        'colOrder',
        'colInstrument',
        'colSide',
        'colLots',
        'colOpened',
        'colOpenPrice',
        'colClosed',
        'colClosePrice',
        'colFee',
        'colProfit',
      ].map((k) => cell(t(`statement.${k}`), { text: true })),
    ),
    ...s.trades.map((tr) =>
      row([
        String(tr.id),
        cell(tr.code, { text: true }),
        cell(side(tr.side), { text: true }),
        tr.lots,
        cell(tr.opened_at),
        tr.open_price,
        cell(tr.closed_at),
        tr.close_price,
        tr.fee,
        tr.profit,
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
