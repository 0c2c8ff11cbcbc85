import type { todoSchema } from '@elearn/shared';
import type { z } from 'zod';
import type { FileStore } from '../../lib/file-store.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { SeminarsService } from './seminars.service.ts';

/** what these routes need of the chapters module (its service, wired in app.ts; no import back) */
export interface ChapterParts {
  storagePathsOfSeminar(seminarId: number): Promise<string[]>;
  todos(actor: AuthUser): Promise<z.infer<typeof todoSchema>[]>;
}

/** what the seminar route plugins are given (app.ts) */
export interface SeminarRoutesOptions {
  seminars: SeminarsService;
  chapters: ChapterParts;
  /** where uploaded files are stored (local disk or a bucket) */
  fileStore: FileStore;
}
