import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Statement } from '@meridian/shared/pure';
import { logIn, mockServer, ok, refuse, renderPage, resetApp } from '../../../testing/test-utils';
import { presetPeriod } from '../state/period';
import { cell, statementCsv } from '../state/statement-csv';
import { StatementView } from './statement-view';

beforeEach(resetApp);

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const statement: Statement = {
  from: '2026-11-01',
  to: '2026-11-26',
  uid: '100042',
  generated_at: '2026-11-26 12:00:00',
  opening_balance: '250.00',
  closing_balance: '1240.93',
  totals: {
    deposits: '1000.00',
    withdrawals: '0.00',
    fees: '-0.15',
    realised_pl: '-8.92',
    written_off: '0.00',
    other: '0.00',
  },
  movements: [
    {
      id: 1,
      time: '2026-11-26 10:00:00',
      type: 8,
      text: 'Deposit 9',
      amount: '1000.00',
      cash_after: '1250.00',
      order_id: null,
    },
    {
      id: 2,
      time: '2026-11-26 10:01:00',
      type: 5,
      text: 'Trading fee for order 7',
      amount: '-0.15',
      cash_after: '1249.85',
      order_id: 7,
    },
    {
      id: 3,
      time: '2026-11-26 10:05:00',
      type: 6,
      text: '=HYPERLINK("x"), loss',
      amount: '-8.92',
      cash_after: '1240.93',
      order_id: 7,
    },
  ],
  trades: [
    {
      id: 7,
      code: 'EUR/USD',
      side: 1,
      lots: '0.3',
      opened_at: '2026-11-26 10:01:00',
      open_price: '1.10020',
      closed_at: '2026-11-26 10:05:00',
      close_price: '1.09800',
      fee: '0.15',
      profit: '-8.92',
      close_reason: 'manual',
    },
  ],
};

describe('statement periods', () => {
  it('count whole UTC days: this month, last month (across a year), last 30 days, this year', () => {
    expect(presetPeriod('thisMonth', NOW)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetPeriod('lastMonth', NOW)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('lastMonth', Date.UTC(2027, 0, 5))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetPeriod('last30', NOW)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetPeriod('thisYear', NOW)).toEqual({ from: '2026-01-01', to: '2026-11-26' });
  });
});

describe('statement CSV', () => {
  it('quotes what needs it and defuses text a spreadsheet would run as a formula, never the amounts', () => {
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('=1+2', { text: true })).toBe("'=1+2");
    expect(cell('-8.92')).toBe('-8.92');
  });

  it('has the totals, every movement and every trade, labelled, with a byte order mark', () => {
    const csv = statementCsv(statement, (k) => k.replace('statement.', ''));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[3]).toBe('opening,250.00');
    expect(lines[10]).toBe('closing,1240.93');
    expect(csv).toContain('2026-11-26 10:01:00,Trading fee for order 7,7,-0.15,1249.85');
    expect(csv).toContain(`"'=HYPERLINK(""x""), loss"`);
    expect(csv).toContain(
      '7,EUR/USD,buy,0.3,2026-11-26 10:01:00,1.10020,2026-11-26 10:05:00,1.09800,0.15,-8.92',
    );
  });
});

describe('statement page', () => {
  it('shows this month at once: totals, movements and trades, and downloads the CSV', async () => {
    logIn();
    const server = mockServer({ '/api/statement': ok(statement) });
    renderPage(<StatementView now={() => NOW} />);
    fireEvent.click(screen.getByTestId('preset-thisMonth'));
    await waitFor(() => expect(screen.getByTestId('total-closing')).toHaveTextContent('1,240.93'));
    expect(Object.fromEntries(server.find('/api/statement')[0]!.query)).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-26',
    });
    expect(screen.getByTestId('total-opening')).toHaveTextContent('250.00');
    expect(screen.getByTestId('total-fees')).toHaveTextContent('-0.15');
    expect(screen.getByTestId('statement-movements')).toHaveTextContent('Trading fee for order 7');
    expect(screen.getByTestId('statement-trades')).toHaveTextContent('EUR/USD Buy 0.3');
    fireEvent.click(screen.getByTestId('statement-csv'));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('two dates of its own; a refused period says the server’s reason', async () => {
    logIn();
    const server = mockServer({
      '/api/statement': refuse('A statement covers at most 366 days: choose a shorter period.'),
    });
    renderPage(<StatementView now={() => NOW} />);
    fireEvent.change(screen.getByTestId('statement-from'), { target: { value: '2024-01-01' } });
    fireEvent.click(screen.getByTestId('statement-show'));
    expect(await screen.findByTestId('statement-refused')).toHaveTextContent('at most 366 days');
    expect(Object.fromEntries(server.find('/api/statement')[0]!.query)).toMatchObject({
      from: '2024-01-01',
      to: '2026-11-26',
    });
    expect(screen.getByTestId('preset-thisMonth')).toHaveAttribute('aria-checked', 'false');
  });

  it('an empty period says so in words', async () => {
    logIn();
    mockServer({ '/api/statement': ok({ ...statement, movements: [], trades: [] }) });
    renderPage(<StatementView now={() => NOW} />);
    fireEvent.click(screen.getByTestId('statement-show'));
    expect(await screen.findByTestId('no-movements')).toHaveTextContent('No money moved in this period.');
    expect(screen.getByTestId('no-trades')).toHaveTextContent('No trades were opened or closed');
  });
});
