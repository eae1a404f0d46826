/** An instrument's logo: an SVG served by the API host, loaded as a plain image (no code in the bundle). */
import styled from 'styled-components';
import { logoUrl } from '../lib/instruments';

export function InstrumentLogo({ logo, size = 32 }: { logo: string; size?: number }) {
  return (
    <Img src={logoUrl(logo)} alt="" width={size} height={size} loading="lazy" decoding="async" $size={size} />
  );
}

const Img = styled.img<{ $size: number }>`
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surfaceRaised};
`;
