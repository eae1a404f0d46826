/** The error state of an async screen: the message and a way out (retry). Loading and empty use the kit's. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Empty } from './empty';

export type LoadErrorProps = {
  onRetry: () => void;
  /** Defaults to the common "request failed" sentence. */
  text?: string;
};

export function LoadError({ onRetry, text }: LoadErrorProps) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" data-testid="load-error">
      <Empty
        text={text ?? t('requestFailed')}
        action={
          <RetryButton type="button" onClick={onRetry}>
            {t('retry')}
          </RetryButton>
        }
      />
    </div>
  );
}

const RetryButton = styled.button`
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;
