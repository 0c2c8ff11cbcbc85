import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { chapters, type mcTests } from '../../db/schema/index.ts';

// the rows the tests' queries return, and the columns they share (both repositories)
export type McTestRow = typeof mcTests.$inferSelect;
export interface ChapterRefRow {
  id: number;
  label: string;
  chapterId: number | null;
  unlocked: number;
}
export interface SeminarRefRow {
  id: number;
  title: string;
  slug: string;
}
export interface McTestItemRow {
  test: McTestRow;
  chapter: ChapterRefRow | null;
  seminar: SeminarRefRow | null;
  owner: { id: number; username: string; firstName: string; lastName: string };
  questionsCount: number;
  runsCount: number;
}
export interface StudentTestRow {
  test: McTestRow;
  chapter: ChapterRefRow | null;
  seminar: SeminarRefRow | null;
  questionsCount: number;
  examRuns: number;
  allRuns: number;
  openRunId: number | null;
  accomp: boolean;
  bestPercent: number | null;
  passed: number;
  extraRuns: number;
}

// qualified explicitly: Drizzle renders columns of a one-table select without their table name
export const testIdCol = sql.raw('"mc_tests"."id"');
export const parent = alias(chapters, 'parent_chapter');
