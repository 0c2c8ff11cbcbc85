import type { LearnerProgressRow, MyCertificateDto, SeminarProgressDetailDto } from '@elearn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed.ts';

describe('demo progress (issue 16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoData(t.app.database.db, {
      onlyIfEmpty: true,
      files: t.app.files,
      sessionSecret: 'x'.repeat(32),
    });
  });
  afterAll(() => t.close());

  it('has the student part-way through the intro seminar, with a saved video position', async () => {
    const student = await t.loginAs('student@example.com', DEMO_PASSWORD);
    const [intro] = (await student.get('/api/seminars/booked-student')).json() as {
      id: number;
      slug: string;
    }[];
    const d = (await student.get(`/api/progress/seminars/${intro!.id}`)).json() as SeminarProgressDetailDto;
    expect(d.chapters_done).toBe(1);
    expect(d.chapters_total).toBe(3);
    expect(d.tests_passed).toBe(2);
    expect(d.completed_at).toBeNull();
    expect(d.videos[0]).toMatchObject({ position: 2, duration: 5, coverage: 0.4 });
  });

  it('has the employee with a certificate that the company manager sees and anyone can verify', async () => {
    const employee = await t.loginAs('mitarbeiter@example.com', DEMO_PASSWORD);
    const [cert] = (await employee.get('/api/certificates')).json() as MyCertificateDto[];
    expect(cert).toMatchObject({
      learner_name: 'Max Mitarbeiter',
      trainer_name: 'Thomas Trainer',
      hours: 2,
      status: 'valid',
    });
    const guest = await t.agent();
    expect((await guest.get(`/api/certificates/${cert!.code}`)).json().status).toBe('valid');
    const manager = await t.loginAs('firma@example.com', DEMO_PASSWORD);
    const owner = await t.loginAs('trainer@example.com', DEMO_PASSWORD);
    const own = (await owner.get('/api/seminars/owned')).json() as {
      id: number;
      title: string;
      slug: string;
    }[];
    const safety = own.find((s) => s.slug.includes('sicherheit'))!;
    const page = (await manager.get(`/api/progress/seminars/${safety.id}/learners`)).json() as {
      data: LearnerProgressRow[];
    };
    expect(page.data.map((r) => [r.user.email, r.progress.percent, r.progress.certificate?.code])).toEqual([
      ['mitarbeiter@example.com', 100, cert!.code],
    ]);
  });
});
