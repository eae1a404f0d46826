/**
 * The on/off switch of every setting (push on this device, a notification type, one-tap trading, a chart
 * indicator): a native checkbox announced as a switch, so the keyboard, the label around it, `checked` /
 * `onChange` and the screen reader all work as with any checkbox; only its look is drawn here. Mirrored in
 * right-to-left languages; no motion when the trader asked for less.
 */
import styled from 'styled-components';

export const Switch = styled.input.attrs({ type: 'checkbox', role: 'switch' })`
  appearance: none;
  flex: none;
  position: relative;
  inline-size: 48px;
  block-size: 28px;
  margin: 0;
  border-radius: 14px;
  background: ${({ theme }) => theme.color.border};
  cursor: pointer;
  transition: background 0.15s;

  &::after {
    content: '';
    position: absolute;
    inset-block-start: 3px;
    inset-inline-start: 3px;
    inline-size: 22px;
    block-size: 22px;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 2px rgb(0 0 0 / 30%);
    transition: transform 0.15s;
  }
  &:checked {
    background: ${({ theme }) => theme.color.primary};
  }
  &:checked::after {
    transform: translateX(20px);
  }
  [dir='rtl'] &:checked::after {
    transform: translateX(-20px);
  }
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    &,
    &::after {
      transition: none;
    }
  }
`;
