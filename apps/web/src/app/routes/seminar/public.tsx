import type { ChapterDto, SeminarDto } from '@elearn/shared';
import { plainText } from '@elearn/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Params, useLocation, useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { QueryState } from '@/components/query-state';
import { PageHead } from '@/components/seo/page-head';
import { ButtonLink } from '@/components/ui/button';
import { Notification } from '@/components/ui/notification';
import { VideoPlayer } from '@/components/video-player';
import { loginHref } from '@/config/paths';
import { previewOutlineQueryOptions, usePreviewOutline } from '@/features/chapters/api/get-preview-outline';
import { findOutlineChapter, PreviewOutline } from '@/features/chapters/components/preview-outline';
import { seminarBySlugQueryOptions, useSeminarBySlug } from '@/features/seminars/api/get-seminar-by-slug';
import { SeminarDetails } from '@/features/seminars/components/seminar-details';
import { ownerName } from '@/features/seminars/components/use-price';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { localizePath } from '@/lib/locale';
import { absoluteUrl } from '@/lib/site';
import { formatVideoLength } from '@/lib/video-length';

/**
 * Static seminar paths that must never be read as a slug (their own pages win in the router;
 * `tempList`, `access-link` and `booking` without id have no page yet or need an id).
 */
export const RESERVED_SLUGS = new Set([
  'own',
  'booked',
  'new',
  'rise',
  'tempList',
  'access-link',
  'booking',
  'id',
]);

export const check = (params: Params) => !!params.slug && !RESERVED_SLUGS.has(params.slug);

/** only a public seminar outside any company has an outline (the server answers 404 otherwise) */
const hasOutline = (seminar: SeminarDto) => seminar.is_public && !seminar.isCompany;

/**
 * The seminar and its outline before the first render: the server renders the whole page for a
 * guest (issue 34), title, description, chapters and the preview player included.
 */
export async function prefetch(queryClient: QueryClient, params: Params): Promise<void> {
  if (!check(params)) return;
  const seminar = await queryClient.ensureQueryData(seminarBySlugQueryOptions(params.slug ?? ''));
  if (hasOutline(seminar)) await queryClient.ensureQueryData(previewOutlineQueryOptions(seminar.id));
}

function BookingAction({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const { pathname } = useLocation();
  const localize = useLocalizePath();
  if (isPending) return null;
  if (!user) {
    // guests log in first and come back to this page
    return (
      <ButtonLink
        to={loginHref(localize('/login'), pathname)}
        raw
        variant="primary"
        data-testid="seminar-book"
      >
        {t('seminar.publicPage.loginToBook')}
      </ButtonLink>
    );
  }
  if (seminar.abilities.booked || seminar.abilities.edit) {
    return (
      <ButtonLink to={`/seminar/id/${seminar.id}`} variant="primary" data-testid="seminar-open">
        {t('seminar.publicPage.open')}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={`/seminar/booking/${seminar.id}`} variant="primary" data-testid="seminar-book">
      {t('seminar.book')}
    </ButtonLink>
  );
}

/** schema.org `Course` with its offer, and the breadcrumb trail (issue 34 item 4) */
function structuredData(seminar: SeminarDto, description: string, locale: 'de' | 'en', names: Crumbs) {
  const url = absoluteUrl(localizePath(`/seminar/${encodeURIComponent(seminar.slug)}`, locale));
  const course = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: seminar.title,
    description: description || seminar.title,
    url,
    inLanguage: seminar.language,
    ...(seminar.image_url ? { image: absoluteUrl(seminar.image_url) } : {}),
    provider: { '@type': 'Organization', name: names.provider, url: absoluteUrl(localizePath('/', locale)) },
    offers: {
      '@type': 'Offer',
      price: (seminar.price / 100).toFixed(2),
      priceCurrency: seminar.currency,
      category: seminar.price === 0 ? 'Free' : 'Paid',
      url,
    },
  };
  const crumbs = [
    [names.home, localizePath('/', locale)],
    [names.catalogue, localizePath('/seminar', locale)],
    [seminar.title, null],
  ] as const;
  const breadcrumb = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      ...(path ? { item: absoluteUrl(path) } : { item: url }),
    })),
  };
  return [course, breadcrumb];
}
interface Crumbs {
  home: string;
  catalogue: string;
  provider: string;
}

function Breadcrumb({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <nav className="landing-breadcrumb mb-4" aria-label={t('seminarLanding.breadcrumbLabel')}>
      <ol>
        <li>
          <AppLink to="/">{t('seminarLanding.home')}</AppLink>
        </li>
        <li>
          <AppLink to="/seminar" data-testid="breadcrumb-catalogue">
            {t('catalogue.title')}
          </AppLink>
        </li>
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}

/** The free preview chosen with `?preview={chapter id}`: its video, playable without a booking. */
function PreviewPlayer({ chapter, closeHref }: { chapter: ChapterDto | null; closeHref: string }) {
  const { t } = useTranslation();
  if (!chapter?.preview) return null;
  const video = chapter.chapter_videos[0];
  return (
    <section
      className="box landing-preview"
      id="preview"
      aria-labelledby="landing-preview-title"
      data-testid="preview-player"
    >
      <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap">
        <h3 className="title is-5" id="landing-preview-title">
          {t('seminarLanding.previewTitle', { label: chapter.label })}
        </h3>
        <AppLink to={closeHref} preventScrollReset data-testid="preview-close">
          {t('seminarLanding.closePreview')}
        </AppLink>
      </div>
      {video ? (
        <VideoPlayer title={video.label || chapter.label} sources={[{ src: video.url, type: video.mime }]} />
      ) : (
        <p>{t('seminarLanding.previewNoVideo')}</p>
      )}
    </section>
  );
}

function Outline({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const query = usePreviewOutline(seminar.id, hasOutline(seminar));
  if (!hasOutline(seminar)) return null;
  const previewId = Number(search.get('preview')) || null;
  const path = `/seminar/${encodeURIComponent(seminar.slug)}`;
  return (
    <section className="mt-5 landing-outline" aria-labelledby="landing-outline-title">
      <h2 className="title is-4" id="landing-outline-title">
        {t('seminarLanding.outline')}
      </h2>
      <QueryState query={query}>
        {(chapters) => (
          <>
            <PreviewPlayer
              chapter={findOutlineChapter(chapters, previewId) as ChapterDto | null}
              closeHref={path}
            />
            <PreviewOutline
              chapters={chapters}
              current={previewId}
              previewHref={(id) => `${path}?preview=${id}#preview`}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Trainer({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const name = ownerName(seminar.owner);
  return (
    <section
      className="mt-5 box landing-trainer"
      aria-labelledby="landing-trainer-title"
      data-testid="landing-trainer"
    >
      <h2 className="title is-5 mb-3" id="landing-trainer-title">
        {t('seminarLanding.trainer')}
      </h2>
      <div className="media">
        {seminar.owner.avatar_url ? (
          <figure className="media-left">
            <img
              className="landing-trainer-avatar"
              src={seminar.owner.avatar_url}
              alt=""
              width={64}
              height={64}
              loading="lazy"
            />
          </figure>
        ) : null}
        <div className="media-content">
          <p className="has-text-weight-semibold mb-1">{name}</p>
          <AppLink
            to={`/user/${encodeURIComponent(seminar.owner.username)}`}
            data-testid="landing-trainer-profile"
          >
            {t('seminarLanding.profile')}
          </AppLink>
        </div>
      </div>
    </section>
  );
}

function PublicSeminar({ seminar }: { seminar: SeminarDto }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useUser();
  const description = plainText(seminar.description, 160);
  const jsonLd = structuredData(seminar, plainText(seminar.description, 500), locale, {
    home: t('seminarLanding.home'),
    catalogue: t('catalogue.title'),
    provider: t('app.name'),
  });
  return (
    <>
      <PageHead
        title={seminar.title}
        description={description || undefined}
        image={seminar.image_url}
        jsonLd={jsonLd}
        path={`/seminar/${encodeURIComponent(seminar.slug)}`}
        noindex={!hasOutline(seminar)}
      />
      <Breadcrumb title={seminar.title} />
      {user === null ? (
        <Notification variant="info" role="note">
          {t('seminar.publicPage.guestHint')}
        </Notification>
      ) : null}
      <SeminarDetails
        seminar={seminar}
        actions={<BookingAction seminar={seminar} />}
        extraFacts={
          <>
            <dt>{t('seminarLanding.language')}</dt>
            <dd data-testid="seminar-language">{t(`seminar.languages.${seminar.language}`)}</dd>
            {seminar.video_seconds ? (
              <>
                <dt>{t('seminarLanding.length')}</dt>
                <dd data-testid="seminar-length">{formatVideoLength(seminar.video_seconds, t)}</dd>
              </>
            ) : null}
          </>
        }
      />
      <Outline seminar={seminar} />
      <Trainer seminar={seminar} />
    </>
  );
}

/** `/seminar/{slug}`: the public page of a seminar, also for guests (issue 34 item 3). */
export default function PublicSeminarPage() {
  const { slug = '' } = useParams();
  const query = useSeminarBySlug(slug);
  return (
    <QueryState query={query} notFoundOn404>
      {(seminar) => <PublicSeminar seminar={seminar} />}
    </QueryState>
  );
}
