import type { SeminarDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { notify } from '@/lib/notifications';
import { useBookFree } from '../api/book-free';

/**
 * The booking step of a free seminar (`POST /api/booking/free`); priced seminars are paid through
 * the payments feature's `PayPanel`.
 */
export function BookingPanel({ seminar, onBooked }: { seminar: SeminarDto; onBooked: () => void }) {
  const { t } = useTranslation();
  const book = useBookFree();
  const [error, setError] = useState<string | null>(null);

  if (seminar.abilities.booked) {
    return (
      <Notification variant="success" role="status">
        <span data-testid="booking-already">{t('booking.already')}</span>
      </Notification>
    );
  }
  if (seminar.abilities.edit) {
    return (
      <Notification variant="info" role="status">
        {t('booking.own')}
      </Notification>
    );
  }
  if (!seminar.abilities.book) {
    return (
      <Notification variant="warning" role="status">
        {t('booking.notBookable')}
      </Notification>
    );
  }
  return (
    <div className="box" data-testid="booking-free">
      <p className="title is-4">{t('seminar.free')}</p>
      <p className="mb-4">{t('booking.freeText')}</p>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          {error}
        </Notification>
      ) : null}
      <Button
        variant="primary"
        isLoading={book.isPending}
        onClick={() => {
          setError(null);
          book.mutate(seminar.id, {
            onSuccess: () => {
              notify('success', t('booking.success', { title: seminar.title }));
              onBooked();
            },
            onError: (err) => setError(err.message),
          });
        }}
        data-testid="booking-submit"
      >
        {t('booking.bookFree')}
      </Button>
    </div>
  );
}
