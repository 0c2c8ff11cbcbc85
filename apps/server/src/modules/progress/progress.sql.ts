import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { chapters } from '../../db/schema/index.ts';

export const parent = alias(chapters, 'parent_chapters');
/** a chapter is playable when it and its parent (if any) are unlocked (isChapterOpen, packages/shared) */
export const playable = sql`(${chapters.unlocked} = 1 and (${chapters.chapterId} is null or ${parent.unlocked} = 1))`;
