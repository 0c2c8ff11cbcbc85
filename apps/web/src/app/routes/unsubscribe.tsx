import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/account/components/unsubscribe-panel';
import { usePageTitle } from '@/hooks/use-page-title';

/** `/unsubscribe?token=`: the page a mail's footer links to (issue 36 item 6); guests welcome. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('account.unsubscribe.title'));
  return (
    <div className="columns">
      <div className="column is-8-desktop is-6-widescreen">
        <h1 className="title is-3">{t('account.unsubscribe.title')}</h1>
        <UnsubscribePanel token={params.get('token') ?? ''} />
      </div>
    </div>
  );
}
