/** The look the alert sheet and the alerts page share: buttons and choice chips (number fields: NumericInput's own). */
import styled from 'styled-components';

export const Button = styled.button<{ $primary?: boolean; $danger?: boolean }>`
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid
    ${({ theme, $primary, $danger }) =>
      $primary ? theme.color.primary : $danger ? theme.color.danger : theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $primary }) => ($primary ? theme.color.primary : 'transparent')};
  color: ${({ theme, $primary, $danger }) =>
    $primary ? theme.color.onPrimary : $danger ? theme.color.danger : theme.color.text};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
  white-space: nowrap;
  cursor: pointer;
  &:disabled {
    opacity: 0.55;
    cursor: default;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;

/** A row of mutually exclusive choices (a radio group drawn as chips). */
export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export const Chip = styled.button`
  min-block-size: 40px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 999px;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font: 500 14px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;
  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;
