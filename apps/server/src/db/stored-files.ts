import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Every stored file a row names (relative to the upload directory): seminar images, chapter
 * documents and videos, avatars, data export archives. The start-up sweep removes the files outside this set.
 * A queued job names none (plugins/jobs.ts `sweepStoredFiles`): a job that makes a file names it here.
 */
export async function storedFilePaths(db: Db): Promise<Set<string>> {
  const rows = await db.execute<{ path: string }>(sql`
    SELECT image_path AS path FROM seminars WHERE image_path IS NOT NULL
    UNION ALL SELECT storage_path FROM chapter_files
    UNION ALL SELECT avatar_path FROM users WHERE avatar_path IS NOT NULL
    UNION ALL SELECT file_key FROM data_exports WHERE file_key IS NOT NULL`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { path: string }[] }).rows;
  return new Set(list.map((r) => r.path));
}
