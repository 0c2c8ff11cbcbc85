import type { AuthUser } from '../plugins/session.ts';

type Actor = Pick<AuthUser, 'id' | 'scopes'>;
/** whose a certificate is: its learner and the seminar's owner at issue (both null once deleted) */
type CertificateFacts = { userId: number | null; ownerId: number | null };

const isAdmin = (a: Actor) => a.scopes.includes('admin');

/**
 * Who may do what with a certificate (issue 16, STYLE section 4). The public verification page
 * needs no rule: anyone who knows the code sees its facts and status.
 */
export const certificatePolicy = {
  /** the PDF: its learner, the seminar's owner at issue and admins */
  download: (a: Actor, c: CertificateFacts) => isAdmin(a) || c.userId === a.id || c.ownerId === a.id,
  /** revoking: the seminar's owner at issue and admins */
  revoke: (a: Actor, c: CertificateFacts) => isAdmin(a) || c.ownerId === a.id,
};
