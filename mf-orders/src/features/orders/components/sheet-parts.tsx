/** The buttons and the number field's look shared by the order detail and the close sheets. */
import styled from 'styled-components';

/** Labels stay on one line: a row too narrow for them all moves whole buttons down, each row filling its width. */
export const SheetActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-block-start: ${({ theme }) => theme.space(4)};

  & > * {
    flex: 1 1 auto;
    white-space: nowrap;
  }
`;

export const Button = styled.button<{ $primary?: boolean; $danger?: boolean }>`
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(2)};
  border: 1px solid
    ${({ theme, $primary, $danger }) =>
      $primary ? theme.color.primary : $danger ? theme.color.danger : theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $primary }) => ($primary ? theme.color.primary : 'transparent')};
  color: ${({ theme, $primary, $danger }) =>
    $primary ? theme.color.onPrimary : $danger ? theme.color.danger : theme.color.text};
  font: 600 14px / 1.2 ${({ theme }) => theme.font.body};
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

export const Input = styled.input`
  min-block-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.text};
  font: 400 16px / 1.2 ${({ theme }) => theme.font.body};
  font-variant-numeric: tabular-nums;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;
