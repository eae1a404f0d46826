/** A button that copies a value (invite link, deposit address, service text). */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy';

export type CopyButtonProps = {
  text: string;
  /** Label; `common:copy` by default. */
  children?: ReactNode;
  /** Called with the outcome of the copy. */
  onCopied?: (ok: boolean) => void;
  className?: string;
};

/** Copies `text` and shows the `common:copySuccess` toast in the current language. */
export function CopyButton({ text, children, onCopied, className }: CopyButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Button
      type="button"
      className={className}
      onClick={() => {
        void copyText(text, t('copySuccess')).then((ok) => onCopied?.(ok));
      }}
    >
      {children ?? t('copy')}
    </Button>
  );
}

const Button = styled.button`
  min-block-size: ${({ theme }) => theme.touch}px;
  min-inline-size: ${({ theme }) => theme.touch}px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primary};
  font: 500 14px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;
