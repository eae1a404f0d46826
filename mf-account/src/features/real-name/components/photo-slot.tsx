/**
 * One ID photo (docs/rules.md: one per side). Picking a file previews it and uploads it at once; a failed upload clears
 * the photo, so the form never holds a picture the server does not have. Read-only slots show the stored upload,
 * fetched with the token (`usePrivateImage` of `@meridian/shared/media`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Skeleton } from '@meridian/shared';
import { NS } from '../../../lib/ns';
import { uploadImage, usePrivateImage } from '@meridian/shared/media';

export type PhotoSlotProps = {
  label: string;
  /** The uploaded URL, or '' for none. */
  value: string;
  onChange: (url: string) => void;
  readOnly?: boolean;
  testId: string;
};

export function PhotoSlot({ label, value, onChange, readOnly = false, testId }: PhotoSlotProps) {
  const { t } = useTranslation(NS);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const stored = usePrivateImage(!preview && value ? value : null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const local = URL.createObjectURL(file);
    setPreview(local);
    setUploading(true);
    onChange('');
    try {
      onChange(await uploadImage(file));
    } catch {
      // The client toasted why; the photo goes, so a retry starts clean.
      setPreview(null);
      onChange('');
      if (inputRef.current) inputRef.current.value = '';
    } finally {
      setUploading(false);
    }
  };

  const src = preview ?? (stored.status === 'ready' ? stored.src : null);
  const image = src ? <img src={src} alt={label} data-testid={`${testId}-preview`} /> : null;

  if (readOnly) {
    return (
      <Slot as="figure" data-testid={testId}>
        <Frame>{image ?? (stored.status === 'loading' ? <Skeleton height="100%" /> : <Placeholder />)}</Frame>
        <Caption as="figcaption">{label}</Caption>
      </Slot>
    );
  }

  return (
    <Slot data-testid={testId}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={(e) => void pick(e)}
        disabled={uploading}
        data-testid={`${testId}-input`}
        aria-describedby={`${id}-status`}
      />
      <Frame as="label" htmlFor={id} $interactive>
        {image ?? <Placeholder />}
      </Frame>
      <Caption>{label}</Caption>
      <Status id={`${id}-status`} role="status">
        {uploading ? t('auth.uploading') : value ? t('auth.uploaded') : ''}
      </Status>
    </Slot>
  );
}

function Placeholder() {
  return (
    <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
      <rect x="6" y="12" width="36" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="24" cy="25" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M24 4v6M21 7h6" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

const Slot = styled.div`
  flex: 1;
  min-inline-size: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  position: relative;
  input[type='file'] {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    opacity: 0;
    overflow: hidden;
  }
  &:focus-within label {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;

const Frame = styled.div<{ $interactive?: boolean }>`
  display: grid;
  place-items: center;
  aspect-ratio: 1.58;
  overflow: hidden;
  border: 1px ${({ $interactive }) => ($interactive ? 'dashed' : 'solid')}
    ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  cursor: ${({ $interactive }) => ($interactive ? 'pointer' : 'default')};
  img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
`;

const Caption = styled.span`
  font-size: 13px;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Status = styled.span`
  min-block-size: 16px;
  font-size: 12px;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;
