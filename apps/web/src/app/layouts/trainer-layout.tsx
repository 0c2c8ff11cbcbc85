import { useTranslation } from 'react-i18next';
import { AreaLayout } from './area-layout';

export function TrainerLayout() {
  const { t } = useTranslation();
  return <AreaLayout area="trainer" title={t('areas.trainer')} />;
}
