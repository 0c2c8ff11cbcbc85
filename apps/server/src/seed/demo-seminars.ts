import { slugify } from '@elearn/shared';

/** The titles of the demo seminars; their slugs come from the shared slug rule, never by hand. */
export const DEMO_SEMINAR_TITLES = {
  intro: 'Einführung in die Projektarbeit',
  leadership: 'Führung & Kommunikation',
  draft: 'Entwurf: Datenschutz-Grundlagen',
  safety: 'Arbeitssicherheit bei der Muster AG',
} as const;

/** The slug of a demo seminar, by the rule every seminar gets its slug by (`slugify`). */
export const demoSlug = (key: keyof typeof DEMO_SEMINAR_TITLES): string => slugify(DEMO_SEMINAR_TITLES[key]);
