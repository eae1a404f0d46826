/** The "nothing here" state of any list or screen. */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

export type EmptyProps = {
  /** Message; `common:noData` by default. */
  text?: ReactNode;
  /** A way out or forward, e.g. a retry or "deposit" button. */
  action?: ReactNode;
  className?: string;
};

/** Empty state: an icon, a message (`common:noData` by default) and an optional action slot. */
export function Empty({ text, action, className }: EmptyProps) {
  const { t } = useTranslation('common');
  return (
    <Box className={className} data-testid="empty">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
        <rect x="10" y="14" width="36" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 30h10l3 5h10l3-5h10" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <Text>{text ?? t('noData')}</Text>
      {action != null && <Action>{action}</Action>}
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-block: ${({ theme }) => theme.space(12)};
  padding-inline: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;

const Text = styled.p`
  margin: 0;
  font: 400 14px / 1.5 ${({ theme }) => theme.font.body};
`;

const Action = styled.div`
  margin-block-start: ${({ theme }) => theme.space(2)};
`;
