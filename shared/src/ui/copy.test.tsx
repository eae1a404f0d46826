import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { appStore } from '../state/store';
import { dismissToastAtom, toastsAtom } from '../state/ui';
import { renderWithProviders } from '../testing/test-utils';
import { copyText } from './copy';
import { CopyButton } from './copy-button';

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}
function setExecCommand(fn: ((cmd: string) => boolean) | undefined) {
  Object.defineProperty(document, 'execCommand', { value: fn, configurable: true, writable: true });
}

describe('copyText', () => {
  afterEach(() => {
    setClipboard(undefined);
    setExecCommand(undefined);
    for (const t of appStore.get(toastsAtom)) appStore.set(dismissToastAtom, t.id);
  });

  it('uses the Clipboard API and toasts success', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    setClipboard({ writeText });
    await expect(copyText('0xabc', 'Copied')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('0xabc');
    expect(appStore.get(toastsAtom).map((t) => [t.text, t.kind])).toEqual([['Copied', 'success']]);
  });

  it('falls back to a textarea when the Clipboard API is refused', async () => {
    setClipboard({ writeText: () => Promise.reject(new Error('NotAllowedError')) });
    let copied = '';
    setExecCommand((cmd) => {
      const area = document.querySelector('textarea');
      copied = cmd === 'copy' && area ? area.value : '';
      return true;
    });
    await expect(copyText('invite-link', 'Copied')).resolves.toBe(true);
    expect(copied).toBe('invite-link');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('resolves false, without a toast, when nothing can copy', async () => {
    setClipboard(undefined);
    setExecCommand(() => false);
    await expect(copyText('x', 'Copied')).resolves.toBe(false);
    expect(appStore.get(toastsAtom)).toHaveLength(0);
  });

  it('<CopyButton> copies and toasts common:copySuccess in the current language', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    setClipboard({ writeText });
    const onCopied = jest.fn();
    renderWithProviders(<CopyButton text="ABC123" onCopied={onCopied} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    await waitFor(() => expect(onCopied).toHaveBeenCalledWith(true));
    expect(writeText).toHaveBeenCalledWith('ABC123');
    expect(appStore.get(toastsAtom).at(-1)?.text).toBe('Copied');
  });
});
