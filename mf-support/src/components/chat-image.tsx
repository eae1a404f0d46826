/** An image of a chat message: a thumbnail (fetched with the token, uploads are private) that opens full size. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { NS } from '../lib/ns';
import { usePrivateImage } from '@meridian/shared/media';
import type { BlobFetcher } from '@meridian/shared/media';

export function ChatImage({ url, fetchBlob }: { url: string; fetchBlob?: BlobFetcher }) {
  const { t } = useTranslation(NS);
  const state = usePrivateImage(url, fetchBlob);
  const [zoom, setZoom] = useState(false);
  useEffect(() => {
    if (!zoom) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setZoom(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom]);
  if (state.status !== 'ready') {
    return (
      <Placeholder data-testid="chat-image" data-state={state.status} role="img" aria-label={t('chat.image')}>
        {state.status === 'error' ? t('chat.imageFailed') : ''}
      </Placeholder>
    );
  }
  return (
    <>
      <Thumb
        type="button"
        onClick={() => setZoom(true)}
        data-testid="chat-image"
        data-state="ready"
        aria-label={t('chat.openImage')}
      >
        <img src={state.src} alt={t('chat.image')} />
      </Thumb>
      {zoom && (
        <Zoom
          role="dialog"
          aria-modal="true"
          aria-label={t('chat.image')}
          onClick={() => setZoom(false)}
          data-testid="chat-image-full"
        >
          <img src={state.src} alt={t('chat.image')} />
        </Zoom>
      )}
    </>
  );
}

const Placeholder = styled.div`
  width: 160px;
  height: 120px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 12px;
  text-align: center;
`;

const Thumb = styled.button`
  display: block;
  padding: 0;
  border: 0;
  background: none;
  cursor: zoom-in;
  img {
    display: block;
    max-width: 200px;
    max-height: 200px;
    border-radius: ${({ theme }) => theme.radius.sm};
    object-fit: cover;
  }
`;

const Zoom = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
  background: rgb(0 0 0 / 90%);
  cursor: zoom-out;
  img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;
