import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHead } from '@/components/seo/page-head';
import { ButtonLink } from '@/components/ui/button';
import { catalogueQueryOptions, useCatalogue } from '@/features/seminars/api/get-catalogue';
import { CatalogueCard } from '@/features/seminars/components/catalogue-card';
import { SeminarGrid, SeminarGridItem } from '@/features/seminars/components/seminar-card';
import { navLinks, useUser } from '@/lib/auth';

/** the newest public seminars the home page shows (issue 34) */
const NEWEST = 3;
const FIRST_PAGE = { page: 1 } as const;

/** The catalogue's first page before the first render (the server renders the newest seminars). */
export async function prefetch(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(catalogueQueryOptions(FIRST_PAGE));
}

/** The newest public seminars and the way to all of them; nothing while none is published. */
function NewestSeminars() {
  const { t } = useTranslation();
  const { data } = useCatalogue(FIRST_PAGE);
  const newest = data?.data.slice(0, NEWEST) ?? [];
  if (newest.length === 0) return null;
  return (
    <section className="section home-newest" aria-labelledby="home-newest-title" data-testid="home-newest">
      <div className="container">
        <div className="is-flex is-justify-content-space-between is-align-items-baseline is-flex-wrap-wrap mb-4">
          <h2 className="title is-3 mb-2" id="home-newest-title">
            {t('catalogue.home.title')}
          </h2>
          <ButtonLink to="/seminar" variant="link" outlined data-testid="home-catalogue-link">
            {t('catalogue.home.all')}
          </ButtonLink>
        </div>
        <SeminarGrid>
          {newest.map((seminar) => (
            <SeminarGridItem key={seminar.id}>
              <CatalogueCard seminar={seminar} headingLevel={3} />
            </SeminarGridItem>
          ))}
        </SeminarGrid>
      </div>
    </section>
  );
}

const FEATURES = ['seminars', 'tests', 'companies'] as const;

/** Colours of the illustration: the palette's shades (spec section 9), on the lime-green hero. */
const ART = {
  paper: '#fff',
  glow: 'hsla(0, 0%, 100%, 0.16)',
  shadow: 'hsla(84, 60%, 14%, 0.25)',
  ink: 'hsl(221, 14%, 29%)',
  line: 'hsl(221, 14%, 86%)',
  faint: 'hsl(221, 14%, 93%)',
  lime: 'hsl(84, 76%, 40%)',
  green: 'hsl(134, 61%, 30%)',
  screen: 'hsl(84, 45%, 16%)',
  red: 'hsl(0, 82%, 28%)',
  redDark: 'hsl(0, 82%, 20%)',
} as const;

/**
 * The hero's right half: what the platform offers, drawn in SVG (no image to download): a
 * chapter's video with its progress, a test sheet with ticked answers and the seal of a
 * confirmed graduation. Decoration only, hidden from screen readers.
 */
function HeroIllustration() {
  const tick = {
    fill: 'none',
    stroke: ART.paper,
    strokeWidth: 3.5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg
      className="home-hero-illustration"
      viewBox="0 0 480 360"
      aria-hidden="true"
      focusable="false"
      data-testid="home-hero-illustration"
    >
      <circle cx="400" cy="80" r="64" fill={ART.glow} />
      <circle cx="92" cy="290" r="66" fill={ART.glow} />
      {/* the test sheet behind */}
      <g transform="rotate(6 360 158)">
        <rect x="272" y="44" width="184" height="236" rx="14" fill={ART.shadow} transform="translate(6 8)" />
        <rect x="272" y="44" width="184" height="236" rx="14" fill={ART.paper} />
        <rect x="294" y="68" width="96" height="12" rx="6" fill={ART.ink} />
        {[108, 154, 200].map((y, index) => (
          <g key={y}>
            {index < 2 ? (
              <>
                <circle cx="306" cy={y} r="11" fill={ART.green} />
                <path d={`M300.5 ${y}l4 4 7.5-8.5`} {...tick} strokeWidth={3} />
              </>
            ) : (
              <circle cx="306" cy={y} r="10" fill="none" stroke={ART.line} strokeWidth="2.5" />
            )}
            <rect x="326" y={y - 6} width={index === 1 ? 88 : 108} height="10" rx="5" fill={ART.line} />
            <rect x="326" y={y + 9} width="64" height="8" rx="4" fill={ART.faint} />
          </g>
        ))}
        <rect x="294" y="238" width="76" height="22" rx="11" fill={ART.lime} />
      </g>
      {/* the chapter's video in a browser window */}
      <rect x="28" y="76" width="256" height="208" rx="14" fill={ART.shadow} transform="translate(6 8)" />
      <rect x="28" y="76" width="256" height="208" rx="14" fill={ART.paper} />
      <circle cx="50" cy="96" r="5" fill={ART.line} />
      <circle cx="66" cy="96" r="5" fill={ART.line} />
      <circle cx="82" cy="96" r="5" fill={ART.line} />
      <rect x="44" y="112" width="224" height="132" rx="8" fill={ART.screen} />
      <circle cx="156" cy="178" r="28" fill={ART.paper} />
      <path d="M148 163v30l25-15z" fill={ART.lime} />
      <rect x="44" y="258" width="224" height="8" rx="4" fill={ART.faint} />
      <rect x="44" y="258" width="140" height="8" rx="4" fill={ART.lime} />
      <circle cx="184" cy="262" r="8" fill={ART.lime} stroke={ART.paper} strokeWidth="3" />
      {/* the seal of a confirmed graduation */}
      <g transform="translate(398 280)">
        <path d="M-24 16l-12 42 19-8 11 16 9-40z" fill={ART.redDark} />
        <path d="M24 16l12 42-19-8-11 16-9-40z" fill={ART.redDark} />
        <circle r="40" fill={ART.red} stroke={ART.paper} strokeWidth="4" />
        <circle r="29" fill="none" stroke="hsla(0, 0%, 100%, 0.55)" strokeWidth="2" strokeDasharray="4 5" />
        <path d="M-13 1l8 8 18-19" {...tick} strokeWidth={5} />
      </g>
    </svg>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const first = navLinks(user ?? null)[0];

  return (
    <>
      <PageHead title="" />
      <section className="hero is-primary is-medium home-hero">
        <div className="hero-body">
          <div className="container">
            <div className="columns is-vcentered">
              <div className="column is-7-tablet">
                <h1 className="title is-1">{t('home.title')}</h1>
                <p className="subtitle is-4">{t('home.subtitle')}</p>
                <div className="buttons">
                  {user ? (
                    <>
                      <p className="is-size-5 mr-4">
                        {t('home.welcome', { name: user.first_name || user.username })}
                      </p>
                      {first ? (
                        <ButtonLink to={first.to} variant="white" size="medium">
                          {t('home.toSeminars')}
                        </ButtonLink>
                      ) : null}
                    </>
                  ) : user === null ? (
                    <>
                      <ButtonLink to="/register" variant="white" size="medium">
                        {t('home.register')}
                      </ButtonLink>
                      <ButtonLink to="/login" variant="light" size="medium">
                        {t('home.login')}
                      </ButtonLink>
                    </>
                  ) : null}
                </div>
              </div>
              <div className="column is-5-tablet is-hidden-mobile">
                <HeroIllustration />
              </div>
            </div>
          </div>
        </div>
      </section>
      <NewestSeminars />
      <section className="section">
        <div className="container">
          <h2 className="title is-3">{t('home.featuresTitle')}</h2>
          <div className="columns">
            {FEATURES.map((feature) => (
              <div className="column" key={feature}>
                <div className="box feature-box">
                  <h3 className="title is-5">{t(`home.features.${feature}.title`)}</h3>
                  <p>{t(`home.features.${feature}.text`)}</p>
                </div>
              </div>
            ))}
          </div>
          <p>
            {t('home.videoHint')}{' '}
            <ButtonLink to="/video-example" variant="link" outlined>
              {t('home.videoLink')}
            </ButtonLink>
          </p>
        </div>
      </section>
    </>
  );
}
