/** Holding, pending and history tabs; the tab lives in the URL (`?type=`), changed with replace navigation. */
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '@meridian/shared';
import { hrefs } from '@meridian/shared/pure';
import { NS } from '../../../lib/ns';
import { ORDER_STATUS } from '../api/orders-api';
import type { OrderStatus } from '../api/orders-api';

const TABS: { status: OrderStatus; key: 'holding' | 'pending' | 'history' }[] = [
  { status: ORDER_STATUS.holding, key: 'holding' },
  { status: ORDER_STATUS.pending, key: 'pending' },
  { status: ORDER_STATUS.closed, key: 'history' },
];

export function OrderTabs({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(NS);
  const navigate = useAppNavigate();
  return (
    <Bar role="tablist" aria-label={t('title')}>
      {TABS.map((tab) => (
        <Tab
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={status === tab.status}
          data-testid={`tab-${tab.key}`}
          onClick={() => {
            if (status !== tab.status) navigate(hrefs.order(tab.status), { replace: true });
          }}
        >
          {t(`tab.${tab.key}`)}
        </Tab>
      ))}
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
`;

const Tab = styled.button`
  flex: 1;
  min-block-size: ${({ theme }) => theme.touch}px;
  border: 0;
  border-block-end: 2px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: 500 15px / 1.2 ${({ theme }) => theme.font.body};
  cursor: pointer;

  &[aria-selected='true'] {
    border-block-end-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: -2px;
  }
`;
