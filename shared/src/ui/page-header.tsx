/** The top bar of a page: title, an optional back arrow, an optional trailing action. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppBack } from '../navigation/navigation';

export type PageHeaderProps = { title: string; back?: boolean; action?: ReactNode };

export function PageHeader({ title, back = false, action }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const goBack = useAppBack();
  return (
    <Bar data-toast-anchor="">
      {back ? (
        <IconButton type="button" onClick={goBack} aria-label={t('back')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </IconButton>
      ) : (
        <Spacer />
      )}
      <Title>{title}</Title>
      {action ?? <Spacer />}
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: grid;
  grid-template-columns: 44px 1fr 44px;
  align-items: center;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(1)};
  background: ${({ theme }) => theme.color.bg};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Title = styled.h1`
  margin: 0;
  text-align: center;
  font-size: 17px;
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const IconButton = styled.button`
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  [dir='rtl'] & svg {
    transform: scaleX(-1);
  }
`;

const Spacer = styled.span`
  width: 44px;
`;
