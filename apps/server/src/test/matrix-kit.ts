/**
 * The authorization matrix's vocabulary (SECURITY B-00): actors, expectations and the row type.
 * Rows live in `authorization.matrix.test.ts` and, per later module, in `test/matrix/*.rows.ts`.
 */

import type { TestApp } from './build-test-app.ts';
import type { seminarFixtures } from './fixtures.ts';

export const ACTORS = [
  'guest',
  'student',
  'companyUser',
  'corporateTraining',
  'trainer',
  'otherTrainer',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Expect = Record<Actor, number>;

export const all = (status: number): Expect => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expect;
export const loggedIn = (status: number, guest = 401): Expect => ({ ...all(status), guest });

export interface Prepared {
  url?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Row {
  /** OPTIONS rows: routes that answer OPTIONS themselves (the tus discovery, issue 32) */
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** the route pattern as registered */
  route: string;
  /** the concrete URL to call (defaults to the pattern) */
  url?: string;
  body?: unknown;
  /** fresh objects for each actor's call (so that one actor's change cannot affect the next) */
  prepare?: (f: World) => Promise<Prepared>;
  expect: Expect;
}

/** trainer = owner; student booked the seminars it gets; others have no booking */
export interface World {
  /** the app under test (for fixtures a row needs beyond `fx`) */
  t: TestApp;
  fx: ReturnType<typeof seminarFixtures>;
  /** the company: companyUser is a member, corporateTraining its manager */
  company: { id: number; shortName: string };
  ids: Record<Exclude<Actor, 'guest'>, number>;
  usernames: Record<Exclude<Actor, 'guest'>, string>;
  /** a public free seminar of the trainer, booked by the student, with an unlocked chapter and media */
  bookedSeminar(): Promise<{
    seminarId: number;
    chapterId: number;
    docId: number;
    videoId: number;
    linkId: number;
  }>;
}

/** owner and admin may; everyone else is refused (guest 401, other roles 403) */
export const ownerOnly = (ok: number): Expect => ({
  guest: 401,
  student: 403,
  companyUser: 403,
  corporateTraining: 403,
  trainer: ok,
  otherTrainer: 403,
  admin: ok,
});
/** owner, admin and the booked student may */
export const players = (ok: number): Expect => ({ ...ownerOnly(ok), student: ok });
export const trainersOnly = (ok: number): Expect => ({ ...ownerOnly(ok), otherTrainer: ok });
