import type { SeminarDto } from '@elearn/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { SeminarCover } from './seminar-cover';
import { ownerName, usePriceFormat } from './use-price';

export interface SeminarCardProps {
  seminar: SeminarDto;
  /** App path the title links to. */
  to: string;
  /** Shows the public/private and company badges (owner lists). */
  showVisibility?: boolean;
  /** Extra controls in the card footer. */
  actions?: ReactNode;
}

/** A seminar in a list: image, title, price, owner. */
export function SeminarCard({ seminar, to, showVisibility, actions }: SeminarCardProps) {
  const { t } = useTranslation();
  const price = usePriceFormat();
  return (
    <article
      className="card seminar-card"
      data-testid="seminar-card"
      data-seminar-id={seminar.id}
      data-seminar-slug={seminar.slug}
      aria-labelledby={`seminar-card-${seminar.id}`}
    >
      <div className="card-image">
        <SeminarCover id={seminar.id} imageUrl={seminar.image_url} className="seminar-card-image" />
      </div>
      <div className="card-content">
        <h2 className="title is-5 mb-2" id={`seminar-card-${seminar.id}`}>
          <AppLink to={to} className="seminar-card-link" data-testid="seminar-card-link">
            {seminar.title}
          </AppLink>
        </h2>
        <p className="seminar-card-price has-text-weight-semibold mb-1" data-testid="seminar-card-price">
          {price(seminar.price, seminar.currency)}
        </p>
        <p className="is-size-7 has-text-grey" data-testid="seminar-card-owner">
          {t('seminar.by', { name: ownerName(seminar.owner) })}
        </p>
        {showVisibility || seminar.abilities.booked ? (
          <div className="tags mt-2">
            {showVisibility ? (
              <span
                className={['tag', seminar.is_public ? 'is-success' : 'is-warning'].join(' ')}
                data-testid="seminar-card-visibility"
              >
                {seminar.is_public ? t('seminar.public') : t('seminar.private')}
              </span>
            ) : null}
            {showVisibility && seminar.isCompany ? (
              <span className="tag is-info">{t('seminar.company')}</span>
            ) : null}
            {seminar.abilities.booked ? (
              <span className="tag is-primary is-light">{t('seminar.booked')}</span>
            ) : null}
          </div>
        ) : null}
      </div>
      {actions ? <footer className="card-footer seminar-card-actions">{actions}</footer> : null}
    </article>
  );
}

/** Cards in responsive columns. */
export function SeminarGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="columns is-multiline seminar-grid" data-testid="seminar-grid">
      {children}
    </ul>
  );
}

export function SeminarGridItem({ children }: { children: ReactNode }) {
  return <li className="column is-12-mobile is-6-tablet is-4-desktop">{children}</li>;
}
