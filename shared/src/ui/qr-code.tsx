/**
 * A QR code (invite link, deposit address). The `qrcode` library is imported dynamically inside an effect, so it
 * is never part of the first-load JavaScript: it arrives with the first screen that shows a code. It renders to an
 * SVG data URL, crisp at any pixel ratio and without a canvas.
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { retryImport } from '../loading/retry';
import { Skeleton } from './skeleton';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

export type QrCodeProps = {
  value: string;
  /** Side in CSS px; 160 by default (docs/rules.md). */
  size?: number;
  /** Error correction; `M` by default. The invite QR uses `H` (docs/rules.md). */
  level?: QrLevel;
  /** Alternative text; the encoded value by default, which is what a screen-reader user needs. */
  alt?: string;
  className?: string;
};

/** Quiet zone around the code, in modules. */
export const QR_MARGIN = 2;

/** Render `value` as a QR code image of `size` px; a same-size placeholder holds the space while it loads. */
export function QrCode({ value, size = 160, level = 'M', alt, className }: QrCodeProps) {
  const [rendered, setRendered] = useState<{ key: string; src: string } | null>(null);
  const key = `${level}:${size}:${value}`;

  useEffect(() => {
    let cancelled = false;
    // Offline, the library waits for the connection (the placeholder holds the space meanwhile).
    retryImport(() => import('qrcode'), { waitForOnline: true })
      .then((qr) =>
        qr.toString(value, {
          type: 'svg',
          errorCorrectionLevel: level,
          margin: QR_MARGIN,
          width: size,
          color: { dark: '#000000ff', light: '#ffffffff' },
        }),
      )
      .then((svg) => {
        if (!cancelled)
          setRendered({ key, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        // Too long for a QR code, or the chunk failed to load: the placeholder stays, the value is shown elsewhere.
      });
    return () => {
      cancelled = true;
    };
  }, [key, value, level, size]);

  if (!rendered || rendered.key !== key) {
    return <Skeleton width={size} height={size} radius={8} className={className} />;
  }
  return (
    <Img
      src={rendered.src}
      width={size}
      height={size}
      alt={alt ?? value}
      data-level={level}
      className={className}
      draggable={false}
    />
  );
}

const Img = styled.img`
  display: block;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: #fff;
  image-rendering: pixelated;
`;
