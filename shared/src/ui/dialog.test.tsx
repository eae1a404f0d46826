import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/test-utils';
import { confirm } from './confirm-state';
import { Dialog, DialogHost } from './dialog';

describe('confirm()', () => {
  const ask = (options: Parameters<typeof confirm>[0]) => {
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm(options);
    });
    return answer;
  };

  it('resolves true on confirm', async () => {
    renderWithProviders(<DialogHost />);
    const answer = ask({ title: 'Log out', message: 'Are you sure?' });
    const dialog = screen.getByRole('dialog', { name: 'Log out' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false on cancel, Escape and a backdrop tap', async () => {
    renderWithProviders(<DialogHost />);
    const first = ask({ message: 'Delete?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(false);

    const second = ask({ message: 'Delete?' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(second).resolves.toBe(false);

    const third = ask({ message: 'Delete?' });
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    await expect(third).resolves.toBe(false);
  });

  it('uses the caller texts and focuses the first button', async () => {
    renderWithProviders(<DialogHost />);
    const answer = ask({ message: 'Reset demo balance?', confirmText: 'Reset', cancelText: 'Keep' });
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await expect(answer).resolves.toBe(true);
  });

  it('shows requests one at a time, in order', async () => {
    renderWithProviders(<DialogHost />);
    const a = ask({ message: 'First?' });
    const b = ask({ message: 'Second?' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toHaveTextContent('First?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(a).resolves.toBe(true);
    expect(screen.getByRole('dialog')).toHaveTextContent('Second?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(b).resolves.toBe(false);
  });
});

describe('<Dialog>', () => {
  it('closes on Escape, and on a backdrop tap only when dismissible', () => {
    const onClose = jest.fn();
    const { rerender } = renderWithProviders(
      <Dialog open onClose={onClose} title="Title" actions={<button type="button">A</button>}>
        Body
      </Dialog>,
    );
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: 'A' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(
      <Dialog open dismissible onClose={onClose} title="Title">
        Body
      </Dialog>,
    );
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside and gives the focus back when it closes', () => {
    const { rerender } = renderWithProviders(<button type="button">Opener</button>);
    screen.getByRole('button', { name: 'Opener' }).focus();
    const actions = (
      <>
        <button type="button">One</button>
        <button type="button">Two</button>
      </>
    );
    rerender(
      <>
        <button type="button">Opener</button>
        <Dialog open onClose={() => undefined} actions={actions} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'One' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'One' }), { key: 'Tab', shiftKey: true });
    expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Two' }), { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'One' })).toHaveFocus();

    rerender(
      <>
        <button type="button">Opener</button>
        <Dialog open={false} onClose={() => undefined} actions={actions} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus();
  });

  it('renders nothing when closed', () => {
    renderWithProviders(<Dialog open={false} onClose={() => undefined} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
