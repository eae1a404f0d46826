import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  instrument,
  logIn,
  mockServer,
  ok,
  renderPage,
  resetApp,
  toastTexts,
} from '../../../testing/test-utils';
import AlertsPage from '../../../app/pages/alerts-page';
import { AlertBell } from './alert-bell';

beforeEach(resetApp);

const eur = instrument();
const alert = (over: Record<string, unknown> = {}) => ({
  id: 5,
  forex_id: eur.Id,
  code: 'EUR/USD',
  kind: 'price',
  side: 'bid',
  direction: 'above',
  level: '1.2',
  percent: null,
  repeat: 0,
  cooldown: 0,
  armed: 1,
  last_fired_at: null,
  fired_count: 0,
  created_at: 1,
  updated_at: 1,
  ...over,
});

describe('/mine/alerts', () => {
  it('lists each alert with what it watches, its state and the count against the limit', async () => {
    logIn();
    mockServer({
      '/v1/api/forex/trade_list': ok([eur]),
      '/api/alert/list': ok({
        data: [
          alert(),
          alert({
            id: 6,
            kind: 'percent',
            level: null,
            percent: '2.5',
            direction: 'below',
            repeat: 1,
            cooldown: 900,
            armed: 0,
            last_fired_at: 1_700_000_000_000,
          }),
        ],
        max: 50,
      }),
    });
    renderPage(<AlertsPage />, { path: '/mine/alerts' });
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('alert-condition')).toHaveTextContent('Bid above 1.20000');
    expect(rows[0]).toHaveTextContent('Once');
    expect(within(rows[0]!).getByTestId('alert-state')).toHaveTextContent('Waiting');
    expect(within(rows[1]!).getByTestId('alert-condition')).toHaveTextContent('Down 2.50 % today');
    expect(rows[1]).toHaveTextContent('Repeats, at most every 15 min');
    expect(within(rows[1]!).getByTestId('alert-state')).toHaveTextContent(/^Fired /);
    expect(screen.getByTestId('alerts-count')).toHaveTextContent('2 of 50 alerts');
  });

  it('deletes after confirming; edits in the sheet and sends the level as typed', async () => {
    logIn();
    const server = mockServer({
      '/v1/api/forex/trade_list': ok([eur]),
      '/api/alert/list': ok({ data: [alert()], max: 50 }),
      'POST /api/alert/save': ok(alert({ level: '1.25' }), 'Alert saved.'),
      'POST /api/alert/delete': ok({ id: 5 }),
    });
    renderPage(<AlertsPage />, { path: '/mine/alerts' });
    fireEvent.click(await screen.findByTestId('alert-edit'));
    const level = await screen.findByTestId('alert-level');
    expect(level).toHaveValue('1.2');
    fireEvent.change(level, { target: { value: '-5' } });
    expect(level).toHaveValue('-5');
    expect(screen.getByTestId('alert-save')).toBeDisabled();
    fireEvent.change(level, { target: { value: '1.25' } });
    fireEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(server.find('/api/alert/save')).toHaveLength(1));
    expect(server.find('/api/alert/save')[0]?.body).toMatchObject({
      id: '5',
      forex_id: '1',
      level: '1.25',
      side: 'bid',
      direction: 'above',
      repeat: '0',
    });
    await waitFor(() => expect(screen.getByTestId('alert-condition')).toHaveTextContent('Bid above 1.25000'));

    fireEvent.click(screen.getByTestId('alert-delete'));
    const box = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    fireEvent.click(within(box).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByTestId('alert-row')).toHaveLength(0));
    expect(server.find('/api/alert/delete')[0]?.body).toMatchObject({ id: '5' });
    expect(toastTexts()).toContain('Alert deleted.');
  });
});

describe('the bell on /trade', () => {
  it('a guest is sent to log in; a trader gets a new alert at the price now, percent alerts too', async () => {
    const server = mockServer({ 'POST /api/alert/save': ok(alert(), 'Alert saved.') });
    const { nav } = renderPage(<AlertBell instrument={eur} quote={{ bid: 1.15, ask: 1.1502 }} />, {
      path: '/trade',
    });
    fireEvent.click(screen.getByTestId(`alert-bell-${eur.Code}`));
    expect(nav.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?from=/));
    act(() => logIn());
    fireEvent.click(screen.getByTestId(`alert-bell-${eur.Code}`));
    expect(await screen.findByTestId('alert-level')).toHaveValue('1.15000');
    fireEvent.click(screen.getByTestId('alert-kind-percent'));
    fireEvent.change(screen.getByTestId('alert-percent'), { target: { value: '101' } });
    expect(screen.getByTestId('alert-save')).toBeDisabled();
    fireEvent.change(screen.getByTestId('alert-percent'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('alert-repeat'));
    fireEvent.click(screen.getByTestId('alert-cd-3600'));
    fireEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(server.find('/api/alert/save')).toHaveLength(1));
    expect(server.find('/api/alert/save')[0]?.body).toMatchObject({
      kind: 'percent',
      percent: '2',
      repeat: '1',
      cooldown: '3600',
    });
    await waitFor(() => expect(toastTexts()).toContain('Alert saved.'));
  });
});
