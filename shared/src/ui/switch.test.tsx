import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../testing/test-utils';
import { Switch } from './switch';

function Setting({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <label>
      <span>Alerts</span>
      <Switch checked={on} disabled={disabled} onChange={(e) => setOn(e.target.checked)} data-testid="s" />
    </label>
  );
}

describe('Switch', () => {
  it('is a checkbox announced as a switch, named by its label, toggled by a tap on the label', () => {
    renderWithProviders(<Setting />);
    const s = screen.getByRole('switch', { name: 'Alerts' });
    expect(s).toHaveAttribute('type', 'checkbox');
    expect(s).not.toBeChecked();
    fireEvent.click(screen.getByText('Alerts'));
    expect(s).toBeChecked();
    fireEvent.click(s);
    expect(s).not.toBeChecked();
  });

  it('does not change when disabled', () => {
    renderWithProviders(<Setting disabled />);
    const s = screen.getByRole('switch', { name: 'Alerts' });
    fireEvent.click(screen.getByText('Alerts'));
    expect(s).not.toBeChecked();
    expect(s).toBeDisabled();
  });
});
