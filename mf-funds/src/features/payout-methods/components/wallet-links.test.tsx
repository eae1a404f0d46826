import { fireEvent, screen, within } from '@testing-library/react';
import { logIn, mockServer, ok, renderPage, resetApp, usdtAddress } from '../../../testing/test-utils';
import { WalletLinks } from './wallet-links';

beforeEach(() => {
  resetApp();
  logIn();
});

describe('the wallet entries', () => {
  it('count the bound coin addresses and bank accounts, each asked for its own kind', async () => {
    const s = mockServer({
      'GET /api/wallet/get_draw_method': (req) =>
        ok(req.query.get('draw_type') === '1' ? [usdtAddress(1, 'TA'), usdtAddress(2, 'TB')] : []),
    });
    renderPage(<WalletLinks />);
    expect(await screen.findByTestId('wallet-coins')).toHaveTextContent('2');
    expect(screen.getByTestId('wallet-banks')).toHaveTextContent('0');
    expect(screen.getByTestId('wallet-coins')).toHaveAttribute(
      'href',
      expect.stringContaining('/mine/coin-address-list'),
    );
    expect(screen.getByTestId('wallet-banks')).toHaveAttribute(
      'href',
      expect.stringContaining('/mine/bank-card-list'),
    );
    expect(
      s
        .find('/api/wallet/get_draw_method')
        .map((r) => r.query.get('draw_type'))
        .sort(),
    ).toEqual(['1', '2']);
  });

  it('a failed load offers a retry that loads them', async () => {
    let fail = true;
    mockServer({
      'GET /api/wallet/get_draw_method': () =>
        fail ? { status: 500, body: { code: 0, msg: 'down', data: null } } : ok([]),
    });
    renderPage(<WalletLinks />);
    const error = await screen.findByTestId('load-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('wallet-banks')).toBeInTheDocument();
  });
});
