/** Placeholders that hold the layout while data loads, so nothing shifts when it arrives. */
import styled, { keyframes } from 'styled-components';
import { useTranslation } from 'react-i18next';
import { HOME_SKELETON_ROWS } from '../constants';
import { VisuallyHidden } from './visually-hidden';

type Length = number | string;
const toCss = (v: Length) => (typeof v === 'number' ? `${v}px` : v);

export type SkeletonProps = {
  /** CSS length or px; `100%` by default. */
  width?: Length;
  /** CSS length or px; 16 by default. */
  height?: Length;
  /** CSS length or px; the theme's small radius by default. */
  radius?: Length;
  className?: string;
};

/** One shimmering block (decorative: hidden from assistive technology). No shimmer under reduced motion. */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <Block
      aria-hidden="true"
      className={className}
      $width={toCss(width)}
      $height={toCss(height)}
      $radius={radius === undefined ? undefined : toCss(radius)}
    />
  );
}

export type SkeletonRowsProps = {
  /** How many list rows to fake; {@link HOME_SKELETON_ROWS} by default. */
  rows?: number;
  className?: string;
};

/** A list of row-shaped skeletons (name and price columns), announced once as "loading". */
export function SkeletonRows({ rows = HOME_SKELETON_ROWS, className }: SkeletonRowsProps) {
  const { t } = useTranslation('common');
  return (
    <Rows role="status" aria-busy="true" className={className} data-testid="skeleton-rows">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {Array.from({ length: rows }, (_, i) => (
        <Row key={i} aria-hidden="true">
          <Col>
            <Skeleton width="55%" height={14} />
            <Skeleton width="35%" height={10} />
          </Col>
          <Skeleton width={72} height={14} />
          <Skeleton width={64} height={28} />
        </Row>
      ))}
    </Rows>
  );
}

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Block = styled.span<{ $width: string; $height: string; $radius: string | undefined }>`
  display: block;
  flex: none;
  inline-size: ${({ $width }) => $width};
  block-size: ${({ $height }) => $height};
  border-radius: ${({ $radius, theme }) => $radius ?? theme.radius.sm};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.color.surface} 25%,
    ${({ theme }) => theme.color.surfaceRaised} 50%,
    ${({ theme }) => theme.color.surface} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    background: ${({ theme }) => theme.color.surfaceRaised};
  }
`;

const Rows = styled.div`
  display: flex;
  flex-direction: column;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-block-size: 56px;
  padding-inline: ${({ theme }) => theme.space(4)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
`;

const Col = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
`;
