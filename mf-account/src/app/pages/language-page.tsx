import { useTranslation } from 'react-i18next';
import { Empty, PageHeader } from '@meridian/shared';
import { NS } from '../i18n';

/** `/language` (spec §2). */
export default function LanguagePage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="page-language">
      <PageHeader title={t('language.title')} back />
      <Empty />
    </section>
  );
}
