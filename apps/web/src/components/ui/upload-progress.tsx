import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '@/lib/format';
import { Button } from './button';

/** Progress of a running upload (0–100) with its cancel button. */
export function UploadProgress({
  percent,
  label,
  onCancel,
  testId = 'upload',
}: {
  percent: number;
  label: string;
  onCancel?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="upload-progress" data-testid={`${testId}-progress`}>
      <div className="is-flex is-justify-content-space-between is-align-items-center mb-1">
        <span aria-live="polite" data-testid={`${testId}-percent`}>
          {t('upload.progress', { label, percent: formatPercent(percent, locale) })}
        </span>
        {onCancel ? (
          <Button size="small" variant="light" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('upload.cancel')}
          </Button>
        ) : null}
      </div>
      <progress className="progress is-primary mb-0" value={percent} max={100} aria-label={label}>
        {formatPercent(percent, locale)}
      </progress>
    </div>
  );
}
