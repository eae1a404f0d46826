/** A deposit proof for finance: fetched with the ops token (uploads are private), shown as a `blob:` URL. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Skeleton } from '@meridian/shared';
import { OPS_NS } from '../../../lib/ops-ns';
import { fetchProof } from '../api/deposits-api';

export function ProofImage({ url }: { url: string }) {
  const { t } = useTranslation(OPS_NS);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    let made: string | null = null;
    setSrc(null);
    setFailed(false);
    fetchProof(url, ctrl.signal).then(
      (b) => {
        made = URL.createObjectURL(b);
        setSrc(made);
      },
      () => !ctrl.signal.aborted && setFailed(true),
    );
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return (
    <Box>
      {failed ? (
        <Missing>{t('proofFailed')}</Missing>
      ) : !src ? (
        <Skeleton height={160} />
      ) : (
        <a href={src} target="_blank" rel="noreferrer" data-testid="ops-proof">
          <Img src={src} alt={t('proof')} />
        </a>
      )}
    </Box>
  );
}

/** Apart from the facts above it (the "Created" row) and the account state below. */
const Box = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Img = styled.img`
  display: block;
  max-inline-size: 100%;
  max-block-size: 320px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Missing = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
`;
