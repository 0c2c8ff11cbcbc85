import type { CatalogueSeminar } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { formatVideoLength } from '@/lib/video-length';
import { SeminarCover } from './seminar-cover';
import { usePriceFormat } from './use-price';

/**
 * A seminar of the guests' catalogue: cover, title (the link to its page), short text, price,
 * chapters and video length, trainer. The heading level follows the page (`h2` in the catalogue,
 * `h3` below the home page's section heading).
 */
export function CatalogueCard({
  seminar,
  headingLevel = 2,
}: {
  seminar: CatalogueSeminar;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const price = usePriceFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `catalogue-card-${seminar.id}`;
  return (
    <article
      className="card seminar-card catalogue-card"
      data-testid="catalogue-card"
      data-seminar-slug={seminar.slug}
      aria-labelledby={headingId}
    >
      <div className="card-image">
        <SeminarCover id={seminar.id} imageUrl={seminar.image_url} className="seminar-card-image" />
      </div>
      <div className="card-content">
        <Heading className="title is-5 mb-2" id={headingId}>
          <AppLink
            to={`/seminar/${encodeURIComponent(seminar.slug)}`}
            className="seminar-card-link"
            data-testid="catalogue-card-link"
          >
            {seminar.title}
          </AppLink>
        </Heading>
        {seminar.summary ? <p className="catalogue-card-summary mb-3">{seminar.summary}</p> : null}
        <p className="catalogue-card-facts is-size-7 mb-2">
          <span>{t('catalogue.chapters', { count: seminar.chapters_count })}</span>
          {seminar.video_seconds ? (
            <span data-testid="catalogue-card-length">
              {t('catalogue.video', { length: formatVideoLength(seminar.video_seconds, t) })}
            </span>
          ) : null}
          <span>{t(`seminar.languages.${seminar.language}`)}</span>
        </p>
        <p className="is-size-7 has-text-grey mb-0" data-testid="catalogue-card-trainer">
          {t('catalogue.trainer', { name: seminar.trainer.name })}
        </p>
      </div>
      <footer className="card-footer catalogue-card-price">
        <p className="card-footer-item has-text-weight-semibold" data-testid="catalogue-card-price">
          {price(seminar.price, seminar.currency)}
        </p>
      </footer>
    </article>
  );
}
