import { useTranslation } from 'react-i18next';
import { AreaLayout } from './area-layout';

export function AdminLayout() {
  const { t } = useTranslation();
  return <AreaLayout area="admin" title={t('areas.admin')} />;
}
