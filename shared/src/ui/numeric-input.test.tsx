import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestI18n, renderWithProviders } from '../testing/test-utils';
import { parseDecimalInput } from '../domain/input';
import type { DecimalInputOptions, DecimalInputResult } from '../domain/input';
import { NumericInput } from './numeric-input';

const USD: DecimalInputOptions = { decimals: 2, min: '0.01', max: '1000000' };

/** A deposit-like form: the amount field and a submit that stays disabled until the amount is valid. */
function AmountForm({
  onSend,
  options = USD,
}: {
  onSend: (v: string) => void;
  options?: DecimalInputOptions;
}) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<DecimalInputResult>(() => parseDecimalInput('', options));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (result.ok) onSend(result.value);
      }}
    >
      <NumericInput
        aria-label="amount"
        value={text}
        options={options}
        onChange={(t, r) => {
          setText(t);
          setResult(r);
        }}
        data-testid="amount"
      />
      <button type="submit" disabled={!result.ok} data-testid="send">
        send
      </button>
    </form>
  );
}

const type = (text: string) => fireEvent.change(screen.getByTestId('amount'), { target: { value: text } });

describe('NumericInput', () => {
  it('shows "-5" as typed, says why, and the action stays disabled', () => {
    const onSend = jest.fn();
    renderWithProviders(<AmountForm onSend={onSend} />);
    type('-5');
    const input = screen.getByTestId('amount');
    expect(input).toHaveValue('-5');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).not.toHaveAttribute('maxlength');
    const message = screen.getByTestId('amount-error');
    expect(message).toHaveTextContent('No minus or plus sign');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByTestId('send')).toBeDisabled();
    fireEvent.submit(screen.getByTestId('send'));
    expect(onSend).not.toHaveBeenCalled();
  });

  it.each([
    ['1e308', 'Write the number in full, without “e”'],
    ['1.1.1', 'One decimal point at most, and no thousands separators'],
    ['0.015', 'Too many decimals: at most 2'],
    ['9999999999999999', 'Too large: at most 1,000,000'],
    ['0.001', 'Too many decimals: at most 2'],
    ['0', 'Too small: at least 0.01'],
    ['NaN', 'Not a number'],
  ])('keeps %s as typed and names the rule it breaks', (text, sentence) => {
    renderWithProviders(<AmountForm onSend={jest.fn()} />);
    type(text);
    expect(screen.getByTestId('amount')).toHaveValue(text);
    expect(screen.getByTestId('amount-error')).toHaveTextContent(sentence);
    expect(screen.getByTestId('send')).toBeDisabled();
  });

  it('a valid amount enables the action and sends the canonical value; the message goes', () => {
    const onSend = jest.fn();
    renderWithProviders(<AmountForm onSend={onSend} />);
    type('-5');
    type('005.50');
    expect(screen.getByTestId('amount')).toHaveValue('005.50');
    expect(screen.queryByTestId('amount-error')).toBeNull();
    expect(screen.getByTestId('amount')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('send')).toBeEnabled();
    fireEvent.submit(screen.getByTestId('send'));
    expect(onSend).toHaveBeenCalledWith('5.50');
  });

  it('an empty field is quiet unless required, and never enables the action', () => {
    renderWithProviders(<AmountForm onSend={jest.fn()} />);
    type('');
    expect(screen.queryByTestId('amount-error')).toBeNull();
    expect(screen.getByTestId('send')).toBeDisabled();
  });

  it('reads a decimal comma in German and says the limit in German figures', () => {
    const de = JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'locales', 'de', 'numeric.json'), 'utf8'),
    ) as Record<string, unknown>;
    const i18n = createTestI18n();
    i18n.addResourceBundle('de', 'numeric', de);
    void i18n.changeLanguage('de');
    const onSend = jest.fn();
    renderWithProviders(<AmountForm onSend={onSend} />, { i18n });
    type('12,5');
    expect(screen.queryByTestId('amount-error')).toBeNull();
    fireEvent.submit(screen.getByTestId('send'));
    expect(onSend).toHaveBeenCalledWith('12.5');
    type('2000000');
    expect(screen.getByTestId('amount-error')).toHaveTextContent('Zu groß: höchstens 1.000.000');
  });

  it('a rule message from the parent shows when the text itself is a number', () => {
    renderWithProviders(
      <NumericInput
        aria-label="lots"
        value="0.001"
        options={{ decimals: 3 }}
        error="Below the minimum lots"
        required
        onChange={jest.fn()}
        data-testid="lots"
      />,
    );
    expect(screen.getByTestId('lots-error')).toHaveTextContent('Below the minimum lots');
  });
});
