/**
 * The one proof image of a deposit (docs/rules.md: one image per proof). Picking a file previews it and uploads it
 * at once; a failed upload clears it, so the form never holds a picture the server does not have.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { uploadImage } from '@meridian/shared/media';
import { NS } from '../lib/ns';

export function ProofSlot({
  value,
  onChange,
  error,
  testId,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string | null;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (!value && !uploading) setPreview(null);
  }, [value, uploading]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onChange('');
    try {
      onChange(await uploadImage(file));
    } catch {
      setPreview(null);
      if (input.current) input.current.value = '';
    } finally {
      setUploading(false);
    }
  };

  return (
    <Slot data-testid={testId}>
      <span>{t('proof.label')}</span>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={(e) => void pick(e)}
        disabled={uploading}
        data-testid={`${testId}-input`}
        aria-describedby={`${id}-status`}
      />
      <Frame htmlFor={id} $invalid={Boolean(error)}>
        {preview ? <img src={preview} alt={t('proof.label')} /> : <span aria-hidden="true">＋</span>}
      </Frame>
      <Status id={`${id}-status`} role="status" $error={Boolean(error)}>
        {error ?? (uploading ? t('proof.uploading') : value ? t('proof.uploaded') : t('proof.hint'))}
      </Status>
    </Slot>
  );
}

const Slot = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  font-size: 14px;
  color: ${({ theme }) => theme.color.textMuted};
  input[type='file'] {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    opacity: 0;
  }
  &:focus-within label {
    outline: 2px solid ${({ theme }) => theme.color.primary};
  }
`;

const Frame = styled.label<{ $invalid: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  inline-size: 120px;
  block-size: 90px;
  border: 1px dashed ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  font-size: 28px;
  cursor: pointer;
  overflow: hidden;
  img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
`;

const Status = styled.p<{ $error: boolean }>`
  margin: 0;
  min-block-size: 18px;
  font-size: 13px;
  color: ${({ theme, $error }) => ($error ? theme.color.danger : theme.color.textMuted)};
`;
