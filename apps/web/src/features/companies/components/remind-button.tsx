import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notifications';
import { useRemindEmployee } from '../api/remind-employee';

/**
 * "Erinnern" on a row of the team view: asks the server to mail the employee a reminder of the
 * seminar now. 202: the server's message (sent, or the person turned reminders off); 429: the
 * server's message (once a day per employee and seminar) as a warning. The answer also stays
 * beside the button for screen readers (polite live region).
 */
export function RemindButton({
  companyId,
  userId,
  seminarId,
  name,
}: {
  companyId: number;
  userId: number;
  seminarId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const remind = useRemindEmployee(companyId);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const onClick = () => {
    setAnswer(null);
    remind.mutate(
      { user_id: userId, seminar_id: seminarId },
      {
        onSuccess: (res) => {
          setAnswer({ ok: true, text: res.message });
          notify('success', res.message);
        },
        onError: (err) => {
          const text = isApiError(err) && err.message ? err.message : t('company.team.remindFailed');
          setAnswer({ ok: false, text });
          notify(isApiError(err) && err.status === 429 ? 'warning' : 'danger', text);
        },
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={onClick}
        isLoading={remind.isPending}
        aria-label={t('company.team.remindItem', { name })}
        data-testid="team-remind"
      >
        {t('company.team.remind')}
      </Button>
      <span
        className={`is-size-7 is-block ${answer && !answer.ok ? 'has-text-danger' : 'has-text-grey'}`}
        aria-live="polite"
        data-testid="team-remind-answer"
      >
        {answer?.text ?? ''}
      </span>
    </>
  );
}
