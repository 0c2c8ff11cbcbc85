import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/hooks/use-page-title';

/** Placeholder of the trainer area (spec section 2: trainer layout is a placeholder). */
export default function TrainerPage() {
  const { t } = useTranslation();
  usePageTitle(t('areas.trainer'));
  return (
    <section className="has-text-centered py-6">
      <h1 className="title is-2">{t('areas.trainerTitle')}</h1>
      <p className="subtitle">{t('areas.comingSoon')}</p>
    </section>
  );
}
