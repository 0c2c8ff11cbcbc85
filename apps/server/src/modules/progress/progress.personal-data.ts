import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, seminarCompletions, videoProgress } from '../../db/schema/index.ts';

/**
 * One person's learning record (issues 16 and 19): where they stand in each video and what they
 * watched, the seminars they completed and the certificates issued to them. Exported; deleted with
 * the account (a certificate exists for its holder: once the account is erased, its code verifies
 * as unknown). Certificates the person issued as a seminar's trainer stay with their holders.
 */
export function progressPersonalData(db: Db) {
  return {
    async collect(userId: number) {
      const [videos, completions, issued] = await Promise.all([
        db
          .select({
            file_id: videoProgress.fileId,
            position_s: videoProgress.positionS,
            duration_s: videoProgress.durationS,
            watched_s: videoProgress.watchedS,
            intervals: videoProgress.intervals,
            updated_at: videoProgress.updatedAt,
          })
          .from(videoProgress)
          .where(eq(videoProgress.userId, userId))
          .orderBy(asc(videoProgress.fileId)),
        db
          .select({ seminar_id: seminarCompletions.seminarId, completed_at: seminarCompletions.completedAt })
          .from(seminarCompletions)
          .where(eq(seminarCompletions.userId, userId))
          .orderBy(asc(seminarCompletions.completedAt)),
        db
          .select({
            code: certificates.code,
            seminar_id: certificates.seminarId,
            learner_name: certificates.learnerName,
            seminar_title: certificates.seminarTitle,
            trainer_name: certificates.trainerName,
            hours: certificates.hours,
            completed_at: certificates.completedAt,
            issued_at: certificates.issuedAt,
            revoked_at: certificates.revokedAt,
            revoke_reason: certificates.revokeReason,
          })
          .from(certificates)
          .where(eq(certificates.userId, userId))
          .orderBy(asc(certificates.issuedAt)),
      ]);
      return { videos, completions, certificates: issued };
    },
    async erase(userId: number) {
      await db.delete(videoProgress).where(eq(videoProgress.userId, userId));
      await db.delete(seminarCompletions).where(eq(seminarCompletions.userId, userId));
      await db.delete(certificates).where(eq(certificates.userId, userId));
    },
  };
}
