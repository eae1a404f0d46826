/**
 * A price change: the signed percentage with an arrow, coloured by direction. Up and down read from the sign and
 * the arrow as well as the colour (colour-blind traders; some markets read red as up).
 */
import styled from 'styled-components';
import { direction, formatChange } from '../lib/format';

export function ChangeText({
  change,
  lang,
  className,
}: {
  change: number;
  lang: string;
  className?: string;
}) {
  const dir = direction(change);
  return (
    <Text className={className} $dir={dir} data-dir={dir}>
      <span aria-hidden="true">{dir > 0 ? '▲' : dir < 0 ? '▼' : '•'}</span>
      {formatChange(change, lang)}
    </Text>
  );
}

const Text = styled.span<{ $dir: number }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${({ $dir, theme }) => ($dir > 0 ? theme.color.up : $dir < 0 ? theme.color.down : theme.color.textMuted)};
  & > span {
    font-size: 0.7em;
  }
`;
