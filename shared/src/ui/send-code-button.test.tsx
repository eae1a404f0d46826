import { act, fireEvent, screen } from '@testing-library/react';
import { CODE_COUNTDOWN_SECONDS } from '../constants';
import { renderWithProviders } from '../testing/test-utils';
import { SendCodeButton } from './send-code-button';

describe('<SendCodeButton>', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const click = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
  };
  const advance = (ms: number) =>
    act(() => {
      jest.advanceTimersByTime(ms);
    });

  it('counts down 60 s after a successful send, disabled meanwhile, then is sendable again', async () => {
    const onSend = jest.fn(() => Promise.resolve({ code: 1 }));
    renderWithProviders(<SendCodeButton onSend={onSend} />);
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('Send code');
    expect(button).toBeEnabled();

    await click();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(CODE_COUNTDOWN_SECONDS).toBe(60);
    expect(button).toHaveTextContent('Resend in 60 s');
    expect(button).toBeDisabled();

    advance(1000);
    expect(button).toHaveTextContent('Resend in 59 s');
    advance(58_000);
    expect(button).toHaveTextContent('Resend in 1 s');
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);

    advance(1000);
    expect(button).toHaveTextContent('Send code');
    expect(button).toBeEnabled();
    await click();
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(button).toHaveTextContent('Resend in 60 s');
  });

  it('is disabled while sending', async () => {
    let finish!: () => void;
    const onSend = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<SendCodeButton onSend={onSend} />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toBeDisabled();
    expect(screen.getByRole('button')).toHaveTextContent('Send code');
    await act(async () => finish());
    expect(screen.getByRole('button')).toHaveTextContent('Resend in 60 s');
  });

  it('does not start the countdown when onSend rejects', async () => {
    const onSend = jest.fn(() => Promise.reject(new Error('too many requests')));
    renderWithProviders(<SendCodeButton onSend={onSend} />);
    await click();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button')).toHaveTextContent('Send code');
    expect(screen.getByRole('button')).toBeEnabled();
  });

  it('respects the disabled prop', () => {
    renderWithProviders(<SendCodeButton onSend={() => Promise.resolve()} disabled />);
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('cleans its timer up on unmount', async () => {
    const { unmount } = renderWithProviders(<SendCodeButton onSend={() => Promise.resolve()} />);
    await click();
    const clearInterval = jest.spyOn(globalThis, 'clearInterval');
    const before = jest.getTimerCount();
    expect(before).toBeGreaterThan(0);
    unmount();
    expect(clearInterval).toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(before - 1);
  });
});
