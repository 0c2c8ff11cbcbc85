import type { Db } from '../../db/client.ts';
import { learnRepository as repo } from './learn.repository.ts';

/**
 * One person's record of the chapter opened last per seminar (issue 36): exported; deleted with
 * the account.
 */
export function learnPersonalData(db: Db) {
  return {
    collect: (userId: number) => repo.allOf(db, userId),
    erase: (userId: number) => repo.eraseOf(db, userId),
  };
}
