/** Small pieces shared by the order components: the side badge and a signed, coloured P/L. */
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { BUY } from '@meridian/shared/pure';
import { bookedCents, formatMoney } from '../../../lib/format';
import { NS } from '../../../lib/ns';

export function SideBadge({ orderType }: { orderType: number }) {
  const { t } = useTranslation(NS);
  const buy = orderType === BUY;
  return (
    <Badge $buy={buy} data-testid="order-side">
      {buy ? t('side.buy') : t('side.sell')}
    </Badge>
  );
}

/** The tag of an order that never traded: "Cancelled", or "Not filled" when the balance could not pay at the fill. */
export function StateTag({ reason }: { reason: string | null | undefined }) {
  const { t } = useTranslation(NS);
  return <Tag data-testid="order-tag">{reason === 'no_margin' ? t('tag.unfilled') : t('tag.cancelled')}</Tag>;
}

/**
 * P/L as the ledger books it (cents: the wire's 6 decimals rounded by the server's rule), with its sign and an arrow
 * as well as the colour (colour-blind traders; red-up markets). The direction is the booked figure's: 0.004 is 0.00.
 */
export function Profit({ value, testId }: { value: string | number; testId?: string }) {
  const { i18n } = useTranslation(NS);
  const n = bookedCents(value) ?? 0;
  const dir = n > 0 ? 'up' : n < 0 ? 'down' : 'flat';
  return (
    <ProfitText $dir={dir} data-testid={testId} data-direction={dir}>
      <span aria-hidden="true">{dir === 'up' ? '▲ ' : dir === 'down' ? '▼ ' : ''}</span>
      {formatMoney(value, i18n.language, true)}
    </ProfitText>
  );
}

const Badge = styled.span<{ $buy: boolean }>`
  display: inline-block;
  padding: 2px 6px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $buy }) => ($buy ? theme.color.up : theme.color.down)}22;
  color: ${({ theme, $buy }) => ($buy ? theme.color.up : theme.color.down)};
  font-size: 12px;
  font-weight: 600;
  line-height: 1.4;
`;

const Tag = styled.span`
  display: inline-block;
  padding: 2px 8px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
  font-weight: 600;
  line-height: 1.4;
  white-space: nowrap;
`;

const ProfitText = styled.span<{ $dir: 'up' | 'down' | 'flat' }>`
  color: ${({ theme, $dir }) =>
    $dir === 'up' ? theme.color.up : $dir === 'down' ? theme.color.down : theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;
