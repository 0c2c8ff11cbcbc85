/** Authorization matrix rows of the admin routes (see ../matrix-kit.ts, docs/api/admin.md). */
import { failedJob } from '../jobs.ts';
import { all, type Expect, type Row, type World } from '../matrix-kit.ts';

/** admins only: guests 401, every other role 403 */
const adminOnly = (ok: number): Expect => ({ ...all(403), guest: 401, admin: ok });

let n = 0;
const freshCompany = (w: World) => w.t.make.company(`Matrix ${++n}`);
async function companyWithMember(w: World) {
  const company = await freshCompany(w);
  const user = await w.t.make.user();
  await w.t.make.member(company.id, user.id);
  return { company, user };
}

export const ADMIN_ROWS: Row[] = [
  { method: 'GET', route: '/api/admin/users', expect: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/users/:id',
    prepare: async (w) => ({ url: `/api/admin/users/${w.ids.student}` }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/admin/users/:id/scopes',
    prepare: async (w) => ({
      url: `/api/admin/users/${(await w.t.make.user()).id}/scopes`,
      body: { scopes: ['trainer'] },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/disable',
    prepare: async (w) => ({ url: `/api/admin/users/${(await w.t.make.user()).id}/disable` }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/enable',
    prepare: async (w) => ({
      url: `/api/admin/users/${(await w.t.make.user({ disabled: true })).id}/enable`,
    }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/verification',
    prepare: async (w) => ({
      url: `/api/admin/users/${(await w.t.make.user({ verified: false })).id}/verification`,
    }),
    expect: adminOnly(202),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/password-reset',
    prepare: async (w) => ({ url: `/api/admin/users/${(await w.t.make.user()).id}/password-reset` }),
    expect: adminOnly(202),
  },
  { method: 'GET', route: '/api/admin/companies', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/companies',
    prepare: async () => ({ body: { name: 'Matrix AG', shortName: `matrix-new-${++n}` } }),
    expect: adminOnly(201),
  },
  {
    method: 'GET',
    route: '/api/admin/companies/:id',
    prepare: async (w) => ({ url: `/api/admin/companies/${w.company.id}` }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/admin/companies/:id',
    prepare: async (w) => ({
      url: `/api/admin/companies/${(await freshCompany(w)).id}`,
      body: { name: 'Renamed' },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/companies/:id',
    prepare: async (w) => ({ url: `/api/admin/companies/${(await freshCompany(w)).id}` }),
    expect: adminOnly(204),
  },
  {
    method: 'GET',
    route: '/api/admin/companies/:id/members',
    prepare: async (w) => ({ url: `/api/admin/companies/${w.company.id}/members` }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/companies/:id/members',
    prepare: async (w) => ({
      url: `/api/admin/companies/${(await freshCompany(w)).id}/members`,
      body: { email: (await w.t.make.user()).email },
    }),
    expect: adminOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/admin/companies/:id/members/:userId',
    prepare: async (w) => {
      const { company, user } = await companyWithMember(w);
      return { url: `/api/admin/companies/${company.id}/members/${user.id}`, body: { manager: false } };
    },
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/companies/:id/members/:userId',
    prepare: async (w) => {
      const { company, user } = await companyWithMember(w);
      return { url: `/api/admin/companies/${company.id}/members/${user.id}` };
    },
    expect: adminOnly(204),
  },
  { method: 'GET', route: '/api/admin/seminars', expect: adminOnly(200) },
  {
    method: 'PATCH',
    route: '/api/admin/seminars/:id/owner',
    prepare: async (w) => ({
      url: `/api/admin/seminars/${(await w.fx.seminar(w.ids.trainer)).id}/owner`,
      body: { owner_id: w.ids.otherTrainer },
    }),
    expect: adminOnly(200),
  },
  { method: 'GET', route: '/api/admin/payments', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/audit', expect: adminOnly(200) },
  // the job queue (issue 35): a real job that failed, one per request
  { method: 'GET', route: '/api/admin/jobs', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/jobs/failed', expect: adminOnly(200) },
  // a scheduled run now (issue 36 item 6: the reminder runs; safe to repeat)
  { method: 'POST', route: '/api/admin/jobs/run', body: { kind: 'due-reminders' }, expect: adminOnly(202) },
  {
    method: 'POST',
    route: '/api/admin/jobs/:id/retry',
    prepare: async (w) => ({ url: `/api/admin/jobs/${await failedJob(w.t.app)}/retry` }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/admin/jobs/:id',
    prepare: async (w) => ({ url: `/api/admin/jobs/${await failedJob(w.t.app)}` }),
    expect: adminOnly(204),
  },
];
