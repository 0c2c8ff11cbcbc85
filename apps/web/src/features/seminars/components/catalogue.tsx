import { type CataloguePage, SEMINAR_LANGUAGES } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { useLocalizePath } from '@/hooks/use-locale';
import { catalogueSearch, useCatalogue } from '../api/get-catalogue';
import type { CatalogueParams } from '../api/keys';
import { CatalogueCard } from './catalogue-card';
import { SeminarGrid, SeminarGridItem } from './seminar-card';

const PATH = '/seminar';

/**
 * The search: a plain GET form to `/seminar` (React Router's `Form` renders a `<form>` that works
 * without JavaScript); the filters travel along as hidden fields, a new search starts at page 1.
 */
function CatalogueSearch({ params }: { params: CatalogueParams }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Form
      method="get"
      action={localize(PATH)}
      role="search"
      className="mb-4"
      data-testid="catalogue-search-form"
      // a new address (search or back) shows its own text, not the last one typed
      key={params.q ?? ''}
    >
      <label className="label is-sr-only" htmlFor="catalogue-q">
        {t('catalogue.searchLabel')}
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <input
            id="catalogue-q"
            className="input"
            type="search"
            name="q"
            defaultValue={params.q ?? ''}
            maxLength={200}
            placeholder={t('catalogue.searchPlaceholder')}
            data-testid="catalogue-search-input"
          />
        </div>
        <div className="control">
          <Button type="submit" variant="primary" data-testid="catalogue-search-submit">
            {t('catalogue.searchSubmit')}
          </Button>
        </div>
      </div>
      {params.price ? <input type="hidden" name="price" value={params.price} /> : null}
      {params.lang ? <input type="hidden" name="lang" value={params.lang} /> : null}
    </Form>
  );
}

/** One group of filter links ("Preis: Alle · Kostenlos · Kostenpflichtig"): plain links, page 1. */
function FilterGroup<K extends 'price' | 'lang'>({
  label,
  name,
  params,
  options,
}: {
  label: string;
  name: K;
  params: CatalogueParams;
  options: { value: CatalogueParams[K]; label: string }[];
}) {
  return (
    <div className="catalogue-filter" data-testid={`catalogue-filter-${name}`}>
      <span className="catalogue-filter-label">{label}</span>
      <ul className="catalogue-filter-options">
        {options.map((option) => {
          const active = params[name] === option.value;
          return (
            <li key={option.value ?? 'any'}>
              <AppLink
                to={`${PATH}${catalogueSearch({ ...params, [name]: option.value, page: 1 })}`}
                className={['catalogue-filter-link', active && 'is-active'].filter(Boolean).join(' ')}
                aria-current={active ? 'true' : undefined}
                rel="nofollow"
                data-testid={`catalogue-filter-${name}-${option.value ?? 'any'}`}
              >
                {option.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CatalogueFilters({ params }: { params: CatalogueParams }) {
  const { t } = useTranslation();
  return (
    <nav className="catalogue-filters mb-4" aria-label={t('catalogue.filterLabel')}>
      <FilterGroup
        label={t('catalogue.price')}
        name="price"
        params={params}
        options={[
          { value: undefined, label: t('catalogue.any') },
          { value: 'free', label: t('catalogue.free') },
          { value: 'paid', label: t('catalogue.paid') },
        ]}
      />
      <FilterGroup
        label={t('catalogue.language')}
        name="lang"
        params={params}
        options={[
          { value: undefined, label: t('catalogue.any') },
          ...SEMINAR_LANGUAGES.map((language) => ({
            value: language,
            label: t(`seminar.languages.${language}`),
          })),
        ]}
      />
    </nav>
  );
}

function CatalogueResults({ result, params }: { result: CataloguePage; params: CatalogueParams }) {
  const { t } = useTranslation();
  const filtered = !!(params.q || params.price || params.lang);
  if (result.data.length === 0 && result.total > 0) {
    return (
      <EmptyState title={t('catalogue.pageEmpty')} testId="catalogue-page-empty">
        <AppLink to={`${PATH}${catalogueSearch({ ...params, page: 1 })}`}>{t('catalogue.firstPage')}</AppLink>
      </EmptyState>
    );
  }
  if (result.data.length === 0) {
    return filtered ? (
      <EmptyState title={t('catalogue.empty')} testId="catalogue-empty">
        <p>{t('catalogue.emptyText')}</p>
        <AppLink to={PATH} data-testid="catalogue-reset">
          {t('catalogue.reset')}
        </AppLink>
      </EmptyState>
    ) : (
      <EmptyState title={t('catalogue.emptyCatalogue')} testId="catalogue-empty">
        <p>{t('catalogue.emptyCatalogueText')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-3 has-text-grey" data-testid="catalogue-total" aria-live="polite">
        {params.q
          ? t('catalogue.totalFor', { count: result.total, q: params.q })
          : t('catalogue.total', { count: result.total })}
      </p>
      <SeminarGrid>
        {result.data.map((seminar) => (
          <SeminarGridItem key={seminar.id}>
            <CatalogueCard seminar={seminar} />
          </SeminarGridItem>
        ))}
      </SeminarGrid>
      <Pagination current={result.current_page} last={result.last_page} />
    </>
  );
}

/**
 * The guests' catalogue (issue 34): search, filters and pages are addresses
 * (`/seminar?q=…&price=free&lang=en&page=2`), so each works as a plain link without JavaScript and
 * the server can render any of them.
 */
export function Catalogue({ params }: { params: CatalogueParams }) {
  const { t } = useTranslation();
  const query = useCatalogue(params);
  return (
    <section className="catalogue" data-testid="catalogue">
      <h1 className="title is-3 mb-2">{t('catalogue.title')}</h1>
      <p className="subtitle is-6 mb-4">{t('catalogue.intro')}</p>
      <CatalogueSearch params={params} />
      <CatalogueFilters params={params} />
      <QueryState query={query}>
        {(result) => <CatalogueResults result={result} params={params} />}
      </QueryState>
    </section>
  );
}
