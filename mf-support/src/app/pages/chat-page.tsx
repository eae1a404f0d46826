import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/mine/chat` (docs/routes.md). */
export default function ChatPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-mine-chat">
      <PageHeader title={t('chat.title')} back />
      <Empty />
    </section>
  );
}
