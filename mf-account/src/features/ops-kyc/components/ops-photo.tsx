/**
 * An identity photo for a reviewer: fetched with the ops token (uploads are private: only their owner and KYC
 * reviewers may read them), shown as a `blob:` URL, full screen on click (Escape or a click closes it).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Skeleton } from '@meridian/shared';
import { opsApi } from '@meridian/shared/ops';
import { OPS_NS } from '../../../lib/ops-ns';
import { usePrivateImage } from '@meridian/shared/media';

export function OpsPhoto({ url, label, testId }: { url: string; label: string; testId: string }) {
  const { t } = useTranslation(OPS_NS);
  const state = usePrivateImage(url, opsApi.blob);
  const [zoom, setZoom] = useState(false);

  useEffect(() => {
    if (!zoom) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setZoom(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom]);

  return (
    <Figure data-testid={testId} data-state={state.status}>
      {state.status === 'ready' ? (
        <button type="button" onClick={() => setZoom(true)} aria-label={t('kyc.zoom', { label })}>
          <img src={state.src} alt={label} />
        </button>
      ) : state.status === 'loading' ? (
        <Skeleton height={180} />
      ) : (
        <Missing role="img" aria-label={t('kyc.photoFailed')}>
          {t('kyc.photoFailed')}
        </Missing>
      )}
      <figcaption>{label}</figcaption>
      {zoom && state.status === 'ready' && (
        <Zoom onClick={() => setZoom(false)} role="dialog" aria-modal="true" aria-label={label}>
          <img src={state.src} alt={label} />
        </Zoom>
      )}
    </Figure>
  );
}

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  button {
    padding: 0;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.bg};
    cursor: zoom-in;
    overflow: hidden;
  }
  button img {
    display: block;
    width: 100%;
    height: 180px;
    object-fit: contain;
  }
  figcaption {
    font-size: 13px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Missing = styled.div`
  height: 180px;
  display: grid;
  place-items: center;
  border: 1px dashed ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.danger};
  font-size: 13px;
`;

const Zoom = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: rgb(0 0 0 / 85%);
  cursor: zoom-out;
  img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;
