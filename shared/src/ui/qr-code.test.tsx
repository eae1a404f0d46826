import { TextEncoder } from 'node:util';
import { screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { renderWithProviders } from '../testing/test-utils';
import { QR_MARGIN, QrCode } from './qr-code';

const INVITE = 'https://www.example.com/#/register?invite_code=MERIDIAN-2026-ABCDEFGH';

/** Modules per side of the code drawn in an <img>, read from its SVG viewBox. */
function modulesOf(img: HTMLElement): number {
  const src = img.getAttribute('src') ?? '';
  expect(src.startsWith('data:image/svg+xml')).toBe(true);
  const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const match = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  if (!match) throw new Error('no viewBox');
  return Number(match[1]) - 2 * QR_MARGIN;
}

// jsdom lacks TextEncoder, which every browser has and `qrcode` uses for byte-mode text.
beforeAll(() => {
  (globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder;
});

describe('<QrCode>', () => {
  it('holds its size with a placeholder, then draws the code at 160 px with the value as alt text', async () => {
    renderWithProviders(<QrCode value={INVITE} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const img = await screen.findByRole('img', { name: INVITE });
    expect(img).toHaveAttribute('width', '160');
    expect(img).toHaveAttribute('height', '160');
  });

  it('passes the error-correction level through (H for the invite QR)', async () => {
    const high = QRCode.create(INVITE, { errorCorrectionLevel: 'H' }).modules.size;
    const low = QRCode.create(INVITE, { errorCorrectionLevel: 'L' }).modules.size;
    expect(high).toBeGreaterThan(low); // the value was chosen so that the level changes the code's version

    const { unmount } = renderWithProviders(<QrCode value={INVITE} level="H" size={200} alt="Invite QR" />);
    const img = await screen.findByRole('img', { name: 'Invite QR' });
    expect(img).toHaveAttribute('data-level', 'H');
    expect(img).toHaveAttribute('width', '200');
    expect(modulesOf(img)).toBe(high);
    unmount();

    renderWithProviders(<QrCode value={INVITE} level="L" alt="Low" />);
    expect(modulesOf(await screen.findByRole('img', { name: 'Low' }))).toBe(low);
  });

  it('redraws when the value changes', async () => {
    const { rerender } = renderWithProviders(<QrCode value="A" alt="code" />);
    const first = (await screen.findByRole('img', { name: 'code' })).getAttribute('src');
    rerender(<QrCode value="B" alt="code" />);
    const second = await screen.findByRole('img', { name: 'code' });
    await screen.findByRole('img', { name: 'code' });
    expect(second.getAttribute('src')).not.toBe(first);
  });
});
