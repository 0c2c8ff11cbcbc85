/** What the learn rules need to know about the caller of a write (a session's user, or none). */
interface Caller {
  id: number;
  scopes: readonly string[];
}

/**
 * Whose "Mein Lernen" a write may change (issue 36), as a pure function: a learner (no scope)
 * changes only their own learning data (done marks, video positions, visits, runs, bookings); an
 * owner, an admin or a company manager may change what every learner sees (content, grants, due
 * dates, certificates), and so may a request without a session (a payment provider's webhook).
 */
export const learnPolicy = {
  /** the user whose dashboard alone a successful write may change; null: anyone's */
  dashboardChangedBy: (caller: Caller | null): number | null =>
    caller && caller.scopes.length === 0 ? caller.id : null,
};
