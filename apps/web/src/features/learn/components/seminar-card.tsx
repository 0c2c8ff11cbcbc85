import type { LearnSeminar } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ButtonLink } from '@/components/ui/button';
import { useLocale } from '@/hooks/use-locale';
import { formatPercent } from '@/lib/format';
import { continuePath } from './continue-target';
import { DueBadge } from './due-badge';

/** One held seminar: image, progress bar, due badge and the button to the exact place to go on. */
export function LearnSeminarCard({ card }: { card: LearnSeminar }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const p = card.progress;
  const path = continuePath(card);
  const percent = formatPercent(p.percent, locale);
  const certificate = p.certificate && !p.certificate.revoked_at ? p.certificate : null;
  return (
    <article
      className="card learn-card"
      data-testid="learn-seminar"
      data-seminar-id={card.seminar_id}
      data-state={card.state}
    >
      {card.image_url ? (
        <div className="card-image">
          <figure className="image is-3by1">
            <img src={card.image_url} alt="" loading="lazy" />
          </figure>
        </div>
      ) : null}
      <div className="card-content">
        <h3 className="title is-5 mb-2">
          <AppLink to={`/seminar/id/${card.seminar_id}`}>{card.title}</AppLink>
        </h3>
        {card.due ? <DueBadge due={card.due} /> : null}
        <progress
          className="progress is-small is-success mt-3 mb-1"
          value={p.percent}
          max={100}
          aria-label={t('learn.card.percent', { percent })}
        >
          {percent}
        </progress>
        <p className="is-size-7" data-testid="learn-percent">
          {t('learn.card.percent', { percent })} ·{' '}
          {t('learn.card.chapters', { done: p.chapters_done, total: p.chapters_total })}
        </p>
        {card.continue && card.state !== 'completed' ? (
          <p className="is-size-7 has-text-grey" data-testid="learn-continue-at">
            {t('learn.card.continueAt', { number: card.continue.chapter_number })}
          </p>
        ) : null}
      </div>
      <footer className="card-footer learn-card-actions">
        {card.state === 'completed' ? (
          <>
            <span className="tag is-success is-medium" data-testid="learn-completed">
              {t('learn.card.completed')}
            </span>
            {certificate ? (
              <AppLink to={`/certificate/${certificate.code}`} data-testid="learn-certificate">
                {t('learn.card.certificate')}
              </AppLink>
            ) : null}
          </>
        ) : path ? (
          <ButtonLink to={path} variant="primary" data-testid="learn-continue">
            {card.state === 'not_started' ? t('learn.card.start') : t('learn.card.continue')}
          </ButtonLink>
        ) : null}
      </footer>
    </article>
  );
}
