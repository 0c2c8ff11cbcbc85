/** A moment (ISO string) with date and time in the page language (the app's one formatter). */
export { formatDateTime } from '@/lib/format';

/** "First Last", or the username when both names are empty. */
export const personName = (person: { first_name: string; last_name: string; username: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.username;

/** Case-insensitive match of a person against a search text (name, username, e-mail). */
export function matchesPerson(
  person: { first_name: string; last_name: string; username: string; email?: string },
  q: string,
): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [person.first_name, person.last_name, person.username, person.email ?? '', personName(person)]
    .join(' ')
    .toLocaleLowerCase()
    .includes(needle);
}

/** Percent 0–100 of `done` out of `total` (0 when there is nothing to do). */
export const percentOf = (done: number, total: number) =>
  total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
