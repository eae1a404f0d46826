/** A percentage from the ranking (text or number, 2 decimals), optionally signed and coloured. */
import styled from 'styled-components';
import { direction, formatChange } from '../../../lib/format';
import { formatAmount } from '../../../lib/format-amount';

export function Percent({
  value,
  lang,
  signed = false,
}: {
  value: number | string;
  lang: string;
  signed?: boolean;
}) {
  const n = Number(value);
  if (!Number.isFinite(n)) return <span>—</span>;
  if (!signed) return <span>{`${formatAmount(n, 2, lang)}%`}</span>;
  return <Signed $dir={direction(n)}>{formatChange(n, lang)}</Signed>;
}

const Signed = styled.span<{ $dir: number }>`
  color: ${({ $dir, theme }) => ($dir > 0 ? theme.color.up : $dir < 0 ? theme.color.down : theme.color.text)};
`;
