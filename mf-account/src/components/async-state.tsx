/** The error state of an async screen: the message and a way out (retry). Loading and empty use the kit's. */
import { useTranslation } from 'react-i18next';
import { Empty } from '@meridian/shared';
import { SecondaryButton } from './form';

export function LoadError({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" data-testid="load-error">
      <Empty
        text={text ?? t('requestFailed')}
        action={
          <SecondaryButton type="button" onClick={onRetry}>
            {t('retry')}
          </SecondaryButton>
        }
      />
    </div>
  );
}
