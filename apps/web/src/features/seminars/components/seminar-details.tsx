import type { SeminarDto } from '@elearn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { ServerHtml } from '@/components/html-content';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { SeminarCover } from './seminar-cover';
import { ownerName, usePriceFormat } from './use-price';

/** A seminar's page content: image, title, owner, price, description; `actions` below the facts. */
export function SeminarDetails({
  seminar,
  actions,
  headingLevel = 1,
  extraFacts,
}: {
  seminar: SeminarDto;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
  /** more `<dt>`/`<dd>` pairs after the chapters (the public page: language, video length) */
  extraFacts?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const price = usePriceFormat();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="seminar-details" data-testid="seminar-details" data-seminar-id={seminar.id}>
      <div className="columns">
        <div className="column is-5">
          <SeminarCover
            id={seminar.id}
            imageUrl={seminar.image_url}
            alt={t('seminar.imageOf', { title: seminar.title })}
            className="seminar-detail-image"
            eager
          />
        </div>
        <div className="column">
          <Heading className="title is-3" data-testid="seminar-title">
            {seminar.title}
          </Heading>
          <p className="subtitle is-6 mb-3">
            {t('seminar.trainerLabel')}{' '}
            <AppLink to={`/user/${encodeURIComponent(seminar.owner.username)}`} data-testid="seminar-owner">
              {ownerName(seminar.owner)}
            </AppLink>
          </p>
          <dl className="seminar-facts mb-4">
            <dt>{t('seminar.price')}</dt>
            <dd data-testid="seminar-price">{price(seminar.price, seminar.currency)}</dd>
            <dt>{t('seminar.chapters')}</dt>
            <dd>{seminar.chapters_count}</dd>
            {extraFacts}
            <dt>{t('seminar.createdAt')}</dt>
            <dd>{formatDate(seminar.created_at, locale)}</dd>
          </dl>
          <div className="tags">
            {seminar.abilities.edit ? (
              <span className={['tag', seminar.is_public ? 'is-success' : 'is-warning'].join(' ')}>
                {seminar.is_public ? t('seminar.public') : t('seminar.private')}
              </span>
            ) : null}
            {seminar.isCompany ? <span className="tag is-info">{t('seminar.company')}</span> : null}
            {seminar.abilities.booked ? (
              <span className="tag is-primary is-light">{t('seminar.booked')}</span>
            ) : null}
          </div>
          {actions ? <div className="buttons seminar-actions">{actions}</div> : null}
        </div>
      </div>
      <section aria-label={t('seminar.description')} className="mt-4">
        <ServerHtml html={seminar.description} testId="seminar-description" />
      </section>
    </article>
  );
}
