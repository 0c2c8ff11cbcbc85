import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The users service owns every write to the users table (issue 33 item 4): no file outside
 * modules/users calls the repository's insert or update, nor writes the table with Drizzle
 * (`update(users)`, `insert(users)`, `delete(users)`). The seed and the tests may (they build data).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });

const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/');

/** where writing the users table directly is fine: its owner, the seed, the tests */
const mayWrite = (file: string) =>
  file.startsWith('modules/users/') ||
  file.startsWith('seed/') ||
  file.startsWith('test/') ||
  file.startsWith('faults/') ||
  file.endsWith('.test.ts');

/**
 * Files that still write through the repository, each with what must move to usersService. A
 * listed file that no longer does fails the test too (the list only ever gets shorter).
 */
const NOT_YET_MOVED: Record<string, string> = {};

/** the names `usersRepository` goes by in a file (itself and `usersRepository as x` imports) */
function repositoryNames(source: string): string[] {
  const names = ['usersRepository'];
  for (const m of source.matchAll(/\busersRepository\s+as\s+(\w+)/g)) if (m[1]) names.push(m[1]);
  return names;
}

/** the writes to the users table in a source text, each as the text that makes it */
export function userTableWrites(source: string): string[] {
  const names = repositoryNames(source).join('|');
  const patterns = [
    new RegExp(`\\b(?:${names})\\s*\\.\\s*(?:insert|update)\\s*\\(`, 'g'),
    /\b(?:update|insert|delete)\s*\(\s*users\s*\)/g,
  ];
  return patterns.flatMap((p) => [...source.matchAll(p)].map((m) => m[0].replace(/\s+/g, '')));
}

describe('the users service owns the users table', () => {
  it('finds the writes, under any name of the repository', () => {
    expect(
      userTableWrites(
        `await usersRepository.insert(db, v);
        await usersRepository
          .update(db, 1, v);
        import { usersRepository as users } from '../users/users.repository.ts';
        await users.update(tx, id, {});
        await db.update(users).set({}); await tx.insert( users ).values(v); await db.delete(users);
        await usersRepository.findById(db, 1); await db.update(usersSeen); await db.select().from(users);`,
      ),
    ).toEqual([
      'usersRepository.insert(',
      'usersRepository.update(',
      'users.update(',
      'update(users)',
      'insert(users)',
      'delete(users)',
    ]);
  });

  it('no file outside modules/users (the seed and the tests aside) writes the users table', () => {
    const writers = filesUnder(SRC)
      .map((f) => ({ file: rel(f), writes: userTableWrites(readFileSync(f, 'utf8')) }))
      .filter((w) => w.writes.length > 0 && !mayWrite(w.file));
    const offending = writers
      .filter((w) => !(w.file in NOT_YET_MOVED))
      .map((w) => `${w.file}: ${w.writes.join(', ')}`);
    expect(offending, 'write through usersService (modules/users/users.service.ts)').toEqual([]);
    const moved = Object.keys(NOT_YET_MOVED).filter((f) => !writers.some((w) => w.file === f));
    expect(moved, 'these files write through usersService now: take them off NOT_YET_MOVED').toEqual([]);
  });
});
