/**
 * The trader sheet: instead of the spec's bare 'coming soon' dialog, a tap shows the trader's full figures, with
 * copying marked 'coming soon' (copy trading itself is not part of this product yet).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Sheet } from '../../../components/sheet';
import { formatAmount } from '../../../lib/format-amount';
import { NS } from '../../../lib/ns';
import type { RankingItem } from '../api/follow-list';
import { Percent } from './percent';

export function TraderSheet({
  item,
  lang,
  onClose,
}: {
  item: RankingItem | null;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  return (
    <Sheet open={item !== null} onClose={onClose} title={item?.user ?? ''} testId="trader-sheet">
      {item && (
        <Body>
          <Grid>
            <dt>{t('rank.threeWeekIncome')}</dt>
            <dd>{formatAmount(item.three_week_profit, 2, lang)}</dd>
            <dt>{t('rank.profitRate')}</dt>
            <dd>
              <Percent value={item.three_week_rate} lang={lang} signed />
            </dd>
            <dt>{t('rank.winRate')}</dt>
            <dd>
              <Percent value={item.three_week_win} lang={lang} />
            </dd>
            <dt>{t('rank.totalRate')}</dt>
            <dd>
              <Percent value={item.total_rate} lang={lang} signed />
            </dd>
            <dt>{t('rank.totalOrders')}</dt>
            <dd>{item.total_trade_num}</dd>
            <dt>{t('rank.multiple')}</dt>
            <dd>{`×${item.multiple}`}</dd>
            <dt>{t('rank.variety')}</dt>
            <dd>{item.code}</dd>
          </Grid>
          <Soon type="button" disabled data-testid="copy-soon">
            {t('rank.copy')} · {tc('comingSoon')}
          </Soon>
        </Body>
      )}
    </Sheet>
  );
}

const Body = styled.div`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  overflow-y: auto;
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  row-gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 14px;
  }
  dd {
    margin: 0;
    text-align: end;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Soon = styled.button`
  width: 100%;
  min-height: 48px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.textMuted};
  font: 600 15px / 1 ${({ theme }) => theme.font.body};
`;
