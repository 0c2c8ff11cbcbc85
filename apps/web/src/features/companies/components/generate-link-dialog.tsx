import { ACCESS_LINK_DAYS_DEFAULT, type AccessLinkDto, LINK_DAYS_MAX } from '@elearn/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Notification } from '@/components/ui/notification';
import { useLocale } from '@/hooks/use-locale';
import { useGenerateAccessLink } from '../api/generate-access-link';
import { formatDateTime } from '../format';
import { CopyField } from './copy-field';
import { DaysField, parseDays } from './days-field';

export interface LinkTarget {
  seminarId: number;
  bookingId: number;
  name: string;
}

/** Creates an access link for an assigned employee with a validity in days; shows it to copy. */
export function GenerateLinkDialog({ target, onClose }: { target: LinkTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const generate = useGenerateAccessLink();
  const [days, setDays] = useState(String(ACCESS_LINK_DAYS_DEFAULT));
  const [daysError, setDaysError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<AccessLinkDto | null>(null);

  const close = () => {
    setCreated(null);
    setError(null);
    setDaysError(null);
    setDays(String(ACCESS_LINK_DAYS_DEFAULT));
    generate.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    const value = parseDays(days);
    setDaysError(value === null ? t('company.days.invalid', { max: LINK_DAYS_MAX }) : null);
    if (value === null) return;
    setError(null);
    generate.mutate(
      { seminarId: target.seminarId, userBookedId: target.bookingId, expires_in_days: value },
      { onSuccess: setCreated, onError: (err) => setError(err.message) },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={t('company.assign.linkTitle', { name: target?.name ?? '' })}
      onClose={generate.isPending ? undefined : close}
      footer={
        <Button onClick={close} disabled={generate.isPending} data-testid="generate-link-close">
          {t('common.close')}
        </Button>
      }
    >
      <div data-testid="generate-link-dialog">
        {created ? (
          <>
            <Notification variant="success" role="status">
              {t('company.assign.linkCreated', { date: formatDateTime(created.expires_at, locale) })}
            </Notification>
            <CopyField value={created.url} label={t('company.links.link')} testId="generated-link" />
            <p className="is-size-7">
              <AppLink to="/seminar/tempList">{t('company.assign.allLinks')}</AppLink>
            </p>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate data-testid="generate-link-form">
            <p className="mb-3">{t('company.assign.linkText')}</p>
            {error ? (
              <Notification variant="danger" role="alert">
                {error}
              </Notification>
            ) : null}
            <DaysField
              id="access-link-days"
              value={days}
              onChange={setDays}
              error={daysError}
              label={t('company.assign.linkDays')}
            />
            <Button
              type="submit"
              variant="primary"
              isLoading={generate.isPending}
              data-testid="generate-link-submit"
            >
              {t('company.assign.linkCreate')}
            </Button>
          </form>
        )}
      </div>
    </Modal>
  );
}
