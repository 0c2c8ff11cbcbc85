import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { auditLog, chapterUsers } from './db/schema/index.ts';
import { seedDemoData } from './seed/seed.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { seminarFixtures } from './test/fixtures.ts';
import { drainJobs, failedJob } from './test/jobs.ts';

describe('command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const run = (...args: string[]) => runCli(args, t.app.database, t.app.files);

  it('creates a verified user with scopes who can log in', async () => {
    const out = await run(
      'user:create',
      '--email',
      'Cli@Example.test',
      '--username',
      'cli',
      '--first',
      'C',
      '--last',
      'L',
      '--password',
      'Cli-Pass-1',
      '--scopes',
      'trainer,admin',
    );
    expect(out[0]).toMatch(/created user #\d+ cli@example.test/);
    const a = await t.loginAs('cli@example.test', 'Cli-Pass-1');
    const me = (await a.get('/api/user')).json();
    expect(me.scope.sort()).toEqual(['admin', 'trainer']);
    expect(me.email_verified_at).not.toBeNull();
  });

  it('generates and prints a password when none is given', async () => {
    const out = await run(
      'user:create',
      '--email',
      'gen@example.test',
      '--username',
      'gen',
      '--first',
      'G',
      '--last',
      'L',
    );
    const pw = out[1]?.replace('password: ', '') ?? '';
    await t.loginAs('gen@example.test', pw);
  });

  it('sets scopes, resets a password (ending sessions), creates a company and adds members', async () => {
    await run(
      'user:create',
      '--email',
      'm@example.test',
      '--username',
      'mmm',
      '--first',
      'M',
      '--last',
      'M',
      '--password',
      'Member-Pass1',
    );
    const live = await t.loginAs('m@example.test', 'Member-Pass1');
    await run('user:scopes', '--email', 'm@example.test', '--scopes', 'corporateTraining');
    expect((await live.get('/api/user')).json().scope).toEqual(['corporateTraining']);
    await run('company:create', '--name', 'Beispiel GmbH', '--short', 'beispiel');
    await run('company:add-user', '--short', 'beispiel', '--email', 'm@example.test', '--manager');
    expect((await live.get('/api/user')).json().companies).toMatchObject([
      { name: 'Beispiel GmbH', shortName: 'beispiel' },
    ]);
    await run('user:password', '--email', 'm@example.test', '--password', 'Other-Pass1');
    expect((await live.get('/api/user')).statusCode).toBe(401);
    await t.loginAs('m@example.test', 'Other-Pass1');
  });

  it.each([
    [['user:create', '--email', 'x@example.test'], /missing option/],
    [['user:create', '--email', 'bad', '--username', 'u1', '--first', 'a', '--last', 'b'], /invalid e-mail/],
    [
      [
        'user:create',
        '--email',
        'w@example.test',
        '--username',
        'u2',
        '--first',
        'a',
        '--last',
        'b',
        '--password',
        'weak',
      ],
      /capital letter/,
    ],
    [['user:scopes', '--email', 'cli@example.test', '--scopes', 'root'], /unknown scope/],
    [['user:scopes', '--email', 'nobody@example.test', '--scopes', ''], /no user/],
    [['company:create', '--name', 'X', '--short', 'has space'], /short name/],
    [['company:create', '--name', 'Dup', '--short', 'BEISPIEL'], /already taken/],
    [['company:add-user', '--short', 'nope', '--email', 'cli@example.test'], /no company/],
    [['frobnicate'], /unknown command/],
  ])('refuses %j', async (args, message) => {
    await expect(run(...args)).rejects.toThrow(message);
  });

  it('keeps the last active admin an admin, as the admin area does', async () => {
    const fresh = await buildTestApp();
    try {
      const cli = (...args: string[]) => runCli(args, fresh.app.database, fresh.app.files);
      const admin = (email: string, username: string) =>
        cli(
          'user:create',
          '--email',
          email,
          '--username',
          username,
          '--first',
          'A',
          '--last',
          'D',
          '--scopes',
          'admin',
        );
      await admin('solo@example.test', 'solo');
      await expect(cli('user:scopes', '--email', 'solo@example.test', '--scopes', 'trainer')).rejects.toThrow(
        /solo@example.test is the last active admin/,
      );
      await admin('second@example.test', 'second');
      expect(await cli('user:scopes', '--email', 'solo@example.test', '--scopes', 'trainer')).toEqual([
        'solo@example.test: scopes trainer',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('creates the demo data with the demo logins', async () => {
    const out = await run('demo:seed');
    expect(out.join('\n')).toContain('admin@example.com');
    const a = await t.loginAs('firma@example.com', 'Demo-Passwort1');
    const me = (await a.get('/api/user')).json();
    expect(me.scope).toEqual(['corporateTraining']);
    expect(me.companies[0].shortName).toBe('muster');
    // a public seminar with chapters, a sub-chapter, a video, a document and a link, booked by the student
    const student = await t.loginAs('student@example.com', 'Demo-Passwort1');
    const [booked] = (await student.get('/api/seminars/booked-student')).json();
    expect(booked.slug).toBe('einfuehrung-in-die-projektarbeit');
    const tree = (await student.get(`/api/chapters/seminar-booked/${booked.id}`)).json();
    expect(tree).toHaveLength(2);
    expect(tree[0].sub_chapters).toHaveLength(1);
    expect(tree[0].chapter_videos).toHaveLength(1);
    expect(tree[0].chapter_docs).toHaveLength(1);
    expect(tree[1].chapter_links).toHaveLength(1);
    expect(
      (await student.get(tree[0].chapter_videos[0].url, { headers: { range: 'bytes=0-9' } })).statusCode,
    ).toBe(206);
    expect((await student.get(tree[0].chapter_docs[0].url)).statusCode).toBe(200);
    expect((await t.agent().get('/api/seminars')).json().total).toBe(2);

    // companies: Muster AG booked the introduction and its own seminar for the demo employee
    const employee = await t.loginAs('mitarbeiter@example.com', 'Demo-Passwort1');
    const assigned = (await employee.get('/api/companies/seminars/booked')).json() as {
      seminar: { slug: string };
    }[];
    expect(assigned.map((b) => b.seminar.slug).sort()).toEqual([
      'arbeitssicherheit-bei-der-muster-ag',
      'einfuehrung-in-die-projektarbeit',
    ]);
    const own = assigned.find((b) => b.seminar.slug === 'arbeitssicherheit-bei-der-muster-ag')!
      .seminar as unknown as {
      id: number;
    };
    expect((await employee.get(`/api/chapters/seminar-booked/${own.id}`)).json()).toHaveLength(2);
    expect((await student.get(`/api/seminars/${own.id}`)).statusCode).toBe(404);
    // the access link needs the session secret (the server passes it; the CLI has none)
    expect((await a.get('/api/companies/access-links')).json().total).toBe(0);
    await seedDemoData(t.app.database.db, {
      onlyIfEmpty: false,
      files: t.app.files,
      sessionSecret: t.config.sessionSecret,
    });
    const links = (await a.get('/api/companies/access-links')).json();
    expect(links.total).toBe(1);
    const token = links.data[0].url.split('/').pop();
    expect((await t.agent().get(`/api/companies/access-link/${token}`)).json().seminar.slug).toBe(
      'einfuehrung-in-die-projektarbeit',
    );
  });

  it('jobs: shows the queue per kind, the failed jobs, and runs one again (audited)', async () => {
    const id = await failedJob(t.app, 'the cli job failed');
    expect(await run('jobs:stats')).toContainEqual(
      expect.stringMatching(/^test-failing: 0 queued, 0 running, [1-9]\d* failed, oldest waiting 0 s$/),
    );
    const failed = await run('jobs:failed', '--kind', 'test-failing');
    expect(failed).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${id} test-failing 1 attempt\\(s\\), failed \\S+: the cli job failed$`),
      ),
    );
    expect(await run('jobs:failed', '--kind', 'no-such-kind')).toEqual(['no failed jobs']);
    expect(await run('jobs:retry', id)).toEqual([`test-failing job ${id} runs again`]);
    // the app's worker takes it again (and the test kind fails again)
    await drainJobs(t.app);
    expect((await t.app.jobs.failed('test-failing')).some((j) => j.id === id)).toBe(true);
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'job.retried'));
    expect(audit.map((a) => [a.actorId, a.targetType, a.targetLabel])).toEqual([
      [null, 'job', `test-failing ${id}`],
    ]);
  });

  it.each([
    [['jobs:retry'], /usage: npm run cli -- jobs:retry <id>/],
    [['jobs:retry', '00000000-0000-4000-8000-000000000000'], /no failed job with id/],
    [['jobs:retry', 'a', 'b'], /usage/],
    [['jobs:stats', 'extra'], /Unexpected argument/],
    [['jobs:failed', '--nope'], /Unknown option/],
    [['jobs:nope'], /unknown command: jobs:nope/],
  ])('jobs: refuses %j', async (args, message) => {
    await expect(run(...args)).rejects.toThrow(message);
  });

  it('progress:complete stores completions met by the rule but never stored, once (issue 36 item 3)', async () => {
    const fx = seminarFixtures(t.app);
    const [owner, learner] = [await t.make.user({ scopes: ['trainer'] }), await t.make.user()];
    const s = await fx.seminar(owner.id, { bookedBy: [learner.id] });
    const c = await fx.chapter(s.id);
    await t.app.database.db
      .insert(chapterUsers)
      .values({ chapterId: c.id, userId: learner.id, doneAt: new Date() });
    expect(await run('progress:complete')).toEqual(['completions stored: 1']);
    expect(await run('progress:complete')).toEqual(['completions stored: 0']);
  });
});
