import type { CertificateDto } from '@elearn/shared';
import type { CertificateRow } from './progress.repository.ts';

export const iso = (d: Date) => d.toISOString();
export const round2 = (x: number) => Math.round(x * 100) / 100;

export const certificateDto = (c: CertificateRow): CertificateDto => ({
  code: c.code,
  learner_name: c.learnerName,
  seminar_title: c.seminarTitle,
  trainer_name: c.trainerName,
  hours: c.hours ?? null,
  completed_at: iso(c.completedAt),
  status: c.revokedAt ? 'revoked' : 'valid',
  revoked_at: c.revokedAt ? iso(c.revokedAt) : null,
});

/** a stored completion's certificate as the progress answers show it (null: none issued) */
export const certificateRef = (c: { code: string | null; issuedAt: Date | null; revokedAt: Date | null }) =>
  c.code && c.issuedAt
    ? { code: c.code, issued_at: iso(c.issuedAt), revoked_at: c.revokedAt ? iso(c.revokedAt) : null }
    : null;
