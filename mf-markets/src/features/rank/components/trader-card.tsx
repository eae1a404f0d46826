/** One trader of the ranking: position, name, the three-week income and rates; the whole card opens the sheet. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { direction } from '../../../lib/format';
import { formatSignedAmount } from '../../../lib/format-amount';
import { NS } from '../../../lib/ns';
import type { RankingItem } from '../api/follow-list';
import { Percent } from './percent';

export function TraderCard({
  item,
  rank,
  lang,
  onOpen,
}: {
  item: RankingItem;
  rank: number;
  lang: string;
  onOpen: (item: RankingItem) => void;
}) {
  const { t } = useTranslation(NS);
  const profit = Number(item.three_week_profit);
  return (
    <Card type="button" onClick={() => onOpen(item)} data-testid="trader-card">
      <Top>
        <Rank $top={rank <= 3}>{rank}</Rank>
        <Avatar aria-hidden="true">{item.user.slice(0, 1)}</Avatar>
        <Name>
          <strong>{item.user}</strong>
          <small>
            {t('rank.variety')}: {item.code} · {t('rank.multiple')}: {`×${item.multiple}`}
          </small>
        </Name>
      </Top>
      <Figures>
        <Figure>
          <dt>{t('rank.threeWeekIncome')}</dt>
          <Money $dir={direction(profit)}>{formatSignedAmount(profit, 2, lang)}</Money>
        </Figure>
        <Figure>
          <dt>{t('rank.profitRate')}</dt>
          <dd>
            <Percent value={item.three_week_rate} lang={lang} signed />
          </dd>
        </Figure>
        <Figure>
          <dt>{t('rank.winRate')}</dt>
          <dd>
            <Percent value={item.three_week_win} lang={lang} />
          </dd>
        </Figure>
      </Figures>
    </Card>
  );
}

const Card = styled.button`
  display: block;
  width: 100%;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  text-align: start;
  font: inherit;
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Rank = styled.span<{ $top: boolean }>`
  width: 24px;
  text-align: center;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ $top, theme }) => ($top ? theme.color.primary : theme.color.textMuted)};
`;

const Avatar = styled.span`
  width: 36px;
  height: 36px;
  display: grid;
  place-items: center;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 700;
`;

const Name = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  strong {
    font-size: 15px;
  }
  small {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
`;

/** Labels may wrap (long in some languages); values stay on one baseline across the three columns. */
const Figure = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  dt {
    font-size: 11px;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-size: 14px;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

const Money = styled.dd<{ $dir: number }>`
  color: ${({ $dir, theme }) => ($dir > 0 ? theme.color.up : $dir < 0 ? theme.color.down : theme.color.text)};
`;
