import { fireEvent, screen } from '@testing-library/react';
import { createRemoteTestKit, muteLazyKitWarnings } from '@meridian/shared/testing';
import DemoBlocked from './demo-blocked';

const { renderPage } = createRemoteTestKit('shell');
muteLazyKitWarnings();

describe('the demo gate on a real-only page', () => {
  it('deposit: the page title, why a demo account cannot, and the ways to a real account', () => {
    const { nav } = renderPage(<DemoBlocked path="/mine/charge" />);
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-blocked-why')).toHaveTextContent(
      'Deposits are for real accounts: a demo account trades with virtual money only.',
    );
    expect(screen.getByTestId('demo-blocked')).toHaveTextContent(
      'Please register or log in to a real account',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in to a real account' }));
    expect(nav.navigate).toHaveBeenCalledWith('/login?from=%2Fmine%2Fcharge');
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(nav.navigate).toHaveBeenCalledWith('/register');
  });

  it('withdraw and the pages of withdrawal methods say withdrawals; the others say the page', () => {
    const { unmount } = renderPage(<DemoBlocked path="/mine/withdraw" />);
    expect(screen.getByRole('heading', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-blocked-why')).toHaveTextContent('Withdrawals are for real accounts');
    unmount();
    renderPage(<DemoBlocked path="/mine/password" />);
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-blocked-why')).toHaveTextContent('This page is for real accounts');
  });
});
