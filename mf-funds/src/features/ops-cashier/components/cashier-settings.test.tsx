import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, DialogHost } from '@meridian/shared';
import { setOpsSessionAtom } from '@meridian/shared/ops';
import { createRemoteTestKit, mockServer, ok, resetApp } from '@meridian/shared/testing';
import { CashierSettings } from './cashier-settings';

const { renderPage } = createRemoteTestKit('fundsOps', { also: ['ops'] });

beforeEach(() => {
  resetApp();
  appStore.set(setOpsSessionAtom, {
    token: `ops_${'a'.repeat(64)}`,
    me: {
      id: 1,
      email: 'finance@meridian.test',
      roles: ['finance'],
      expires_at: Date.now() + 3_600_000,
      idle_timeout_ms: 1_800_000,
    },
  });
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ops cashier: withdrawal currency rates', () => {
  it('a rate of -5 or 1e308 stays as typed, says why and is not saved; a valid one is sent as read', async () => {
    const s = mockServer({
      'GET /api/ops/cashier/channels': ok([]),
      'GET /api/ops/cashier/currencies': ok([]),
      'POST /api/ops/cashier/currencies/save': ok(null, 'Saved'),
    });
    renderPage(
      <>
        <CashierSettings />
        <DialogHost />
      </>,
    );
    await screen.findByTestId('ops-currency-rate');
    type('ops-currency-rate', '-5');
    expect(screen.getByTestId('ops-currency-rate')).toHaveValue('-5');
    expect(screen.getByTestId('ops-currency-rate-error')).toHaveTextContent('No minus or plus sign');
    type('ops-currency-usd-price', '1e308');
    expect(screen.getByTestId('ops-currency-usd-price')).toHaveValue('1e308');
    expect(screen.getByTestId('ops-currency-usd-price-error')).toHaveTextContent('without “e”');
    expect(screen.getByTestId('ops-currency-save')).toBeDisabled();
    fireEvent.submit(screen.getByTestId('ops-currency-save'));
    await act(async () => {});
    expect(s.find('/api/ops/cashier/currencies/save')).toHaveLength(0);

    type('ops-currency-rate', '0.50');
    type('ops-currency-usd-price', '007.1');
    fireEvent.submit(screen.getByTestId('ops-currency-save'));
    // Saving a price asks first, with its effect on a sample amount.
    const dialog = (await screen.findAllByRole('dialog'))[0]!;
    expect(dialog).toHaveTextContent('100');
    fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(s.find('/api/ops/cashier/currencies/save')).toHaveLength(1));
    expect(s.find('/api/ops/cashier/currencies/save')[0]?.body).toMatchObject({
      draw_rate: '0.50',
      usd_price: '7.1',
    });
  });
});
