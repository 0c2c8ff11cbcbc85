import { useTranslation } from 'react-i18next';
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
  return (
    <div className="upload-progress" data-testid={`${testId}-progress`}>
      <div className="is-flex is-justify-content-space-between is-align-items-center mb-1">
        <span aria-live="polite" data-testid={`${testId}-percent`}>
          {t('upload.progress', { label, percent })}
        </span>
        {onCancel ? (
          <Button size="small" variant="light" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('upload.cancel')}
          </Button>
        ) : null}
      </div>
      <progress className="progress is-primary mb-0" value={percent} max={100} aria-label={label}>
        {`${percent} %`}
      </progress>
    </div>
  );
}
