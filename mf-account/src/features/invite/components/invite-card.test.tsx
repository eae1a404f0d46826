import { TextEncoder } from 'node:util';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import InvitePage from '../../../app/pages/invite-page';
import { logIn, mockServer, renderPage, resetApp, toastTexts } from '../../../testing/test-utils';
import { inviteLink } from './invite-card';

// jsdom lacks TextEncoder, which every browser has and `qrcode` uses.
beforeAll(() => {
  (globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder;
});

beforeEach(() => {
  resetApp();
  mockServer({});
});

describe('/mine/invite', () => {
  it('builds the hash-based register link on the site origin', () => {
    expect(inviteLink('https://m.example.com', 'AB12CD')).toBe(
      'https://m.example.com/#/register?invite_code=AB12CD',
    );
  });

  it('shows the code, the link, a 160 px QR of the link, and copies with "copy success"', async () => {
    logIn();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderPage(<InvitePage />);
    const link = `${window.location.origin}/#/register?invite_code=AB12CD`;
    expect(screen.getByTestId('invite-code')).toHaveTextContent('AB12CD');
    expect(screen.getByTestId('invite-link')).toHaveTextContent(link);
    const qr = await screen.findByRole('img', { name: 'QR code of your invite link' }, { timeout: 3000 });
    expect(qr).toHaveAttribute('width', '160');
    expect(qr).toHaveAttribute('data-level', 'H');

    const copyButtons = await screen.findAllByRole('button', { name: 'Copy' });
    fireEvent.click(copyButtons[1]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    await waitFor(() => expect(toastTexts()).toContain('Copied'));
  });

  it('without a code there is an empty state', async () => {
    logIn({
      id: 1,
      uid: '1',
      email: 'a@b.co',
      is_demo: 0,
      credit_score: 0,
      invite_code: '',
      balance: '0.00',
      lock_balance: '0.00',
    });
    renderPage(<InvitePage />);
    // The empty state's code loads when one first shows.
    expect(await screen.findByTestId('empty')).toBeInTheDocument();
  });
});
