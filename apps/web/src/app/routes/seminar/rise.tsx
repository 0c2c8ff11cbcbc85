import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useRiseSeminars } from '@/features/seminars/api/get-rise-seminars';
import { SeminarArrayList } from '@/features/seminars/components/seminar-lists';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/seminar/rise`: the public seminars most booked in the last 30 days. */
export default function RiseSeminarsPage() {
  const { t } = useTranslation();
  usePageTitle(t('seminar.rise.title'));
  const query = useRiseSeminars();
  return (
    <>
      <h1 className="title is-3">{t('seminar.rise.title')}</h1>
      <p className="subtitle is-6">{t('seminar.rise.intro')}</p>
      <SeminarArrayList
        query={query}
        searchable={false}
        cardTo={(seminar) => `/seminar/id/${seminar.id}`}
        empty={<EmptyState title={t('seminar.rise.empty')} testId="seminar-rise-empty" />}
      />
    </>
  );
}
