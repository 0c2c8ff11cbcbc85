/** Authorization matrix rows of the companies routes (see ../matrix-kit.ts, docs/api/companies.md). */
import { companyFixtures } from '../company-fixtures.ts';
import { all, type Expect, loggedIn, type Row, trainersOnly, type World } from '../matrix-kit.ts';

/** the company's manager (corporateTraining) and admins may; guests 401, everyone else 403 */
export const managers = (ok: number, others = 403): Expect => ({
  guest: 401,
  student: others,
  companyUser: others,
  corporateTraining: ok,
  trainer: others,
  otherTrainer: others,
  admin: ok,
});
/** members of the company (and admins) */
const members = (ok: number): Expect => ({ ...managers(ok), companyUser: ok });
/** the seminar's owner, admins, and managers (for their own companies) */
const ownerOrManager = (ok: number): Expect => ({ ...managers(ok), trainer: ok });

/** a fresh public free seminar of the trainer booked by the company, the company user assigned */
export async function assigned(w: World) {
  const s = await w.fx.seminar(w.ids.trainer);
  const { booking, assigned } = await companyFixtures(w.t.app).booking(w.company.id, s.id, [
    w.ids.companyUser,
  ]);
  return { seminarId: s.id, companyBooking: booking, assignmentId: assigned[0]!.bookingId };
}

let seq = 0;
const id36 = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export const COMPANIES_ROWS: Row[] = [
  { method: 'GET', route: '/api/companies', expect: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/companies/by-name/:name',
    prepare: async (w) => ({ url: `/api/companies/by-name/${w.company.shortName}` }),
    // "not yours" answers like "no such company" (issue 11 item 20)
    expect: { ...managers(200, 404), companyUser: 200, guest: 401 },
  },
  {
    method: 'GET',
    route: '/api/companies/:id/seminars',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/seminars` }),
    expect: members(200),
  },
  {
    method: 'GET',
    route: '/api/companies/:id/users',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/users` }),
    expect: managers(200),
  },
  {
    method: 'POST',
    route: '/api/companies/:id/members',
    prepare: async (w) => ({
      url: `/api/companies/${w.company.id}/members`,
      body: { email: (await w.t.make.user()).email },
    }),
    expect: managers(202),
  },
  {
    method: 'GET',
    route: '/api/companies/:id/member-invitations',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/member-invitations` }),
    expect: managers(200),
  },
  {
    method: 'DELETE',
    route: '/api/companies/:id/member-invitations/:invitationId',
    prepare: async (w) => {
      const { id } = await companyFixtures(w.t.app).memberInvitation(
        w.company.id,
        `inv-${id36()}@example.test`,
      );
      return { url: `/api/companies/${w.company.id}/member-invitations/${id}` };
    },
    expect: managers(204),
  },
  {
    method: 'GET',
    route: '/api/companies/member-invitations/:token',
    prepare: async (w) => {
      const { token } = await companyFixtures(w.t.app).memberInvitation(
        w.company.id,
        `inv-${id36()}@example.test`,
      );
      return { url: `/api/companies/member-invitations/${token}` };
    },
    expect: all(200),
  },
  {
    // only the holder of the invited address accepts (companies.routes.test.ts); nobody else
    method: 'POST',
    route: '/api/companies/member-invitations/:token/accept',
    prepare: async (w) => {
      const { token } = await companyFixtures(w.t.app).memberInvitation(
        w.company.id,
        `inv-${id36()}@example.test`,
      );
      return { url: `/api/companies/member-invitations/${token}/accept` };
    },
    expect: loggedIn(403),
  },
  {
    method: 'DELETE',
    route: '/api/companies/:id/members/:userId',
    prepare: async (w) => {
      const u = await w.t.make.user();
      await w.t.make.member(w.company.id, u.id);
      return { url: `/api/companies/${w.company.id}/members/${u.id}` };
    },
    expect: managers(204),
  },
  {
    method: 'POST',
    route: '/api/companies/:id/invitation',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/invitation`, body: {} }),
    expect: managers(201),
  },
  {
    method: 'GET',
    route: '/api/companies/:id/invitation',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/invitation` }),
    expect: managers(200),
  },
  {
    method: 'DELETE',
    route: '/api/companies/:id/invitation',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/invitation` }),
    expect: managers(204),
  },
  {
    method: 'GET',
    route: '/api/companies/invitations/:token',
    prepare: async (w) => ({
      url: `/api/companies/invitations/${await companyFixtures(w.t.app).invitation(w.company.id)}`,
    }),
    expect: all(200),
  },
  // validation comes first: nobody registers with an empty body
  { method: 'POST', route: '/api/companies/register', body: {}, expect: all(422) },
  {
    method: 'POST',
    route: '/api/companies/booking/free',
    prepare: async (w) => ({
      body: { seminarId: (await w.fx.seminar(w.ids.trainer)).id, companyId: w.company.id },
    }),
    expect: managers(201),
  },
  {
    method: 'POST',
    route: '/api/companies/booking/now',
    prepare: async (w) => ({
      body: { seminarId: (await w.fx.seminar(w.ids.trainer, { price: 5000 })).id, companyId: w.company.id },
    }),
    expect: managers(201),
  },
  { method: 'GET', route: '/api/companies/seminars/booked', expect: loggedIn(200) },
  {
    method: 'POST',
    route: '/api/companies/assign-seminar',
    prepare: async (w) => {
      const s = await w.fx.seminar(w.ids.trainer);
      await companyFixtures(w.t.app).booking(w.company.id, s.id);
      return { body: { seminarId: s.id, companyId: w.company.id, users: [w.ids.companyUser] } };
    },
    expect: managers(200),
  },
  {
    method: 'POST',
    route: '/api/companies/unassign-seminar',
    prepare: async (w) => {
      const { seminarId } = await assigned(w);
      return { body: { seminarId, companyId: w.company.id, users: [w.ids.companyUser] } };
    },
    expect: managers(200),
  },
  {
    method: 'GET',
    route: '/api/seminars/:id/companies',
    prepare: async (w) => ({ url: `/api/seminars/${(await assigned(w)).seminarId}/companies` }),
    expect: ownerOrManager(200),
  },
  {
    method: 'GET',
    route: '/api/seminars/:id/users/booked-company',
    prepare: async (w) => ({ url: `/api/seminars/${(await assigned(w)).seminarId}/users/booked-company` }),
    expect: ownerOrManager(200),
  },
  { method: 'GET', route: '/api/seminars/users-company/booked', expect: trainersOnly(200) },
  {
    method: 'POST',
    route: '/api/companies/generate-access-link',
    prepare: async (w) => {
      const { seminarId, assignmentId } = await assigned(w);
      return { body: { seminarId, userBookedId: assignmentId } };
    },
    // an assignment the caller does not manage does not exist for them
    expect: managers(201, 404),
  },
  { method: 'GET', route: '/api/companies/access-links', expect: managers(200) },
  {
    method: 'DELETE',
    route: '/api/companies/access-links/:id',
    prepare: async (w) => {
      const { link } = await companyFixtures(w.t.app).link((await assigned(w)).assignmentId);
      return { url: `/api/companies/access-links/${link.id}` };
    },
    expect: managers(200),
  },
  {
    method: 'GET',
    route: '/api/companies/access-link/:token',
    prepare: async (w) => {
      const { token } = await companyFixtures(w.t.app).link((await assigned(w)).assignmentId);
      return { url: `/api/companies/access-link/${token}` };
    },
    expect: all(200),
  },
  // due dates and the team view (issue 36 items 5 and 7): the company's managers and admins
  {
    method: 'PUT',
    route: '/api/companies/:id/assignments/due-date',
    prepare: async (w) => {
      const { seminarId } = await assigned(w);
      const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      return {
        url: `/api/companies/${w.company.id}/assignments/due-date`,
        body: { user_id: w.ids.companyUser, seminar_id: seminarId, due_date: due },
      };
    },
    expect: managers(200),
  },
  {
    method: 'GET',
    route: '/api/companies/:id/team',
    prepare: async (w) => {
      await assigned(w);
      return { url: `/api/companies/${w.company.id}/team?per_page=5` };
    },
    expect: managers(200),
  },
  {
    method: 'GET',
    route: '/api/companies/:id/team/export',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/team/export` }),
    expect: managers(200),
  },
];
