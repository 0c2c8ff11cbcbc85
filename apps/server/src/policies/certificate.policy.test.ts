import type { Scope } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import { certificatePolicy } from './certificate.policy.ts';

const learner = { id: 1, scopes: [] as Scope[] };
const owner = { id: 2, scopes: ['trainer'] as Scope[] };
const otherTrainer = { id: 3, scopes: ['trainer'] as Scope[] };
const admin = { id: 4, scopes: ['admin'] as Scope[] };
const cert = { userId: 1, ownerId: 2 };

describe('certificate policy', () => {
  it('lets the learner, the owner at issue and admins download the PDF', () => {
    expect([learner, owner, otherTrainer, admin].map((a) => certificatePolicy.download(a, cert))).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
  it('lets the owner at issue and admins revoke, not the learner', () => {
    expect([learner, owner, otherTrainer, admin].map((a) => certificatePolicy.revoke(a, cert))).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });
  it('gives nobody but admins a certificate whose learner and owner were deleted', () => {
    const orphan = { userId: null, ownerId: null };
    expect(certificatePolicy.download(learner, orphan)).toBe(false);
    expect(certificatePolicy.revoke(admin, orphan)).toBe(true);
  });
});
