import path from 'node:path';
import { parseArgs } from 'node:util';
import { rules, SCOPES, type Scope } from '@elearn/shared';
import { dataCommands } from './cli-data-commands.ts';
import { ConfigError, configFromEnv, loadEnv } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { AppError } from './errors.ts';
import { BackupError, backupDataDir, restoreDataDir } from './lib/backup.ts';
import { randomToken } from './lib/crypto.ts';
import type { FileStore } from './lib/file-store.ts';
import { openJobQueue } from './lib/job-queue.ts';
import { openFileStore } from './lib/open-file-store.ts';
import { hashPassword } from './lib/passwords.ts';
import { auditRepository } from './modules/audit/audit.repository.ts';
import { companiesRepository } from './modules/companies/companies.repository.ts';
import { usersService } from './modules/users/users.service.ts';
import { seedDemoData } from './seed/seed.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create   --email E --username U --first F --last L [--password P] [--scopes admin,trainer]
                creates a verified user (prints a generated password when none is given)
  user:scopes   --email E --scopes admin,trainer,corporateTraining   (empty string = student)
  user:password --email E [--password P]   resets the password and ends the user's sessions
  company:create --name N --short S
  company:add-user --short S --email E [--manager]   adds a member (manager = corporateTraining of it)
  demo:seed     creates the demo data (also on a non-empty database)
  media:durations [--retry]   reads the length of every video stored without one (older uploads);
                prints how many were read and how many could not be (missing or damaged files,
                recorded as unreadable: a second run skips them, --retry reads them again)
  progress:complete   stores the completions met by the rule but never stored (once, after issue 36)
  jobs:stats    the job queue per kind: waiting, running, failed, age of the oldest waiting job
  jobs:failed [--kind K]   the failed jobs (id, kind, attempts, when, last error; no payload)
  jobs:retry <id>   runs a failed job again (recorded in the audit trail)
  backup <file>   the embedded database and the uploads of DATA_DIR in one .tar.gz (server stopped)
  restore <file>  such an archive into a new, empty DATA_DIR

The database is DATABASE_URL, else the PGlite data in DATA_DIR (default ./data). PGlite allows one
process at a time: stop the server before using the command line on the embedded database.`;

export class CliError extends Error {}

function parseScopes(value: string | undefined): Scope[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad.length) throw new CliError(`unknown scope(s): ${bad.join(', ')} (allowed: ${SCOPES.join(', ')})`);
  return [...new Set(list)] as Scope[];
}

function need(values: Record<string, unknown>, ...names: string[]) {
  const missing = names.filter((n) => typeof values[n] !== 'string' || values[n] === '');
  if (missing.length) throw new CliError(`missing option(s): ${missing.map((m) => `--${m}`).join(', ')}`);
}

function checkPassword(pw: string) {
  const r = rules.password().safeParse(pw);
  if (!r.success) throw new CliError('password must have 8 to 256 characters and one capital letter');
}

/** Runs one command against an open database; returns the lines to print. */
export async function runCli(
  argv: string[],
  database: Database,
  /** the file store of the demo data, or the upload directory of a local one */
  files: FileStore | string,
): Promise<string[]> {
  const [command, ...rest] = argv;
  if (command?.startsWith('jobs:')) return runJobsCommand(command, rest, database);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      password: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      short: { type: 'string' },
      manager: { type: 'boolean', default: false },
      retry: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const db = database.db;
  if (command && Object.hasOwn(dataCommands, command)) return dataCommands[command]!(db, files, values);
  const email = values.email?.trim().toLowerCase();
  switch (command) {
    case 'user:create': {
      need(values, 'email', 'username', 'first', 'last');
      const parsedEmail = rules.email().safeParse(email);
      if (!parsedEmail.success) throw new CliError(`invalid e-mail: ${values.email}`);
      if (await usersService.emailTaken(db, parsedEmail.data)) throw new CliError('e-mail already taken');
      if (await usersService.usernameTaken(db, values.username!))
        throw new CliError('username already taken');
      const password = values.password ?? `${randomToken(9)}A1`;
      checkPassword(password);
      const user = await usersService.create(db, {
        email: parsedEmail.data,
        username: values.username!,
        firstName: values.first!,
        lastName: values.last!,
        passwordHash: await hashPassword(password),
        scopes: parseScopes(values.scopes),
        emailVerifiedAt: new Date(),
      });
      return [
        `created user #${user.id} ${user.email}`,
        ...(values.password ? [] : [`password: ${password}`]),
      ];
    }
    case 'user:scopes': {
      need(values, 'email');
      if (values.scopes === undefined) throw new CliError('missing option(s): --scopes');
      const user = await usersService.findByEmail(db, email!);
      if (!user) throw new CliError(`no user with e-mail ${email}`);
      const scopes = parseScopes(values.scopes);
      // the last active admin keeps the admin scope here too (the users service's rule): a server
      // without an admin could be repaired only in the database
      try {
        await db.transaction((tx) => usersService.changeScopes(tx, user.id, scopes));
      } catch (err) {
        if (err instanceof AppError && err.code === 'admin.last_admin') {
          throw new CliError(`${user.email} is the last active admin: make another user admin first`);
        }
        throw err;
      }
      return [`${user.email}: scopes ${scopes.length ? scopes.join(', ') : '(student)'}`];
    }
    case 'user:password': {
      need(values, 'email');
      const user = await usersService.findByEmail(db, email!);
      if (!user) throw new CliError(`no user with e-mail ${email}`);
      const password = values.password ?? `${randomToken(9)}A1`;
      checkPassword(password);
      await usersService.setPassword(db, user.id, await hashPassword(password));
      const { sessions } = await import('./db/schema/index.ts');
      const { eq } = await import('drizzle-orm');
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      return [`password of ${user.email} reset`, ...(values.password ? [] : [`password: ${password}`])];
    }
    case 'company:create': {
      need(values, 'name', 'short');
      if (!/^[A-Za-z0-9_-]{2,40}$/.test(values.short!)) {
        throw new CliError(
          'short name: 2 to 40 letters, digits, - or _ (it appears in /company/{name} URLs)',
        );
      }
      if (await companiesRepository.findByShortName(db, values.short!))
        throw new CliError('short name already taken');
      const company = await companiesRepository.insert(db, { name: values.name!, shortName: values.short! });
      return [`created company #${company.id} ${company.name} (${company.shortName})`];
    }
    case 'company:add-user': {
      need(values, 'short', 'email');
      const company = await companiesRepository.findByShortName(db, values.short!);
      if (!company) throw new CliError(`no company with short name ${values.short}`);
      const user = await usersService.findByEmail(db, email!);
      if (!user) throw new CliError(`no user with e-mail ${email}`);
      await companiesRepository.addMember(db, company.id, user.id, values.manager ?? false);
      return [`${user.email} is now a ${values.manager ? 'manager' : 'member'} of ${company.shortName}`];
    }
    case 'demo:seed': {
      const logins = await seedDemoData(db, { onlyIfEmpty: false, files });
      return ['demo data created', ...(logins ?? []).map((l) => `${l.role}: ${l.email} / ${l.password}`)];
    }
    default:
      throw new CliError(command ? `unknown command: ${command}\n\n${USAGE}` : USAGE);
  }
}

/**
 * The job queue (issue 35): counts, failed jobs, a retry. The queue is opened without workers,
 * schedules or maintenance: this process only reads it and marks a job due again.
 */
async function runJobsCommand(command: string, args: string[], database: Database): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args,
    options: { kind: { type: 'string' } },
    allowPositionals: command === 'jobs:retry',
    strict: true,
  });
  if (!['jobs:stats', 'jobs:failed', 'jobs:retry'].includes(command))
    throw new CliError(`unknown command: ${command}\n\n${USAGE}`);
  const jobs = await openJobQueue(database, { work: false });
  try {
    if (command === 'jobs:stats') {
      const stats = await jobs.stats();
      if (!stats.length) return ['no jobs'];
      return stats.map(
        (s) =>
          `${s.kind}: ${s.queued} queued, ${s.active} running, ${s.failed} failed, oldest waiting ${s.oldestWaitingSeconds} s`,
      );
    }
    if (command === 'jobs:failed') {
      const failed = await jobs.failed(values.kind);
      if (!failed.length) return ['no failed jobs'];
      return failed.map(
        (j) => `${j.id} ${j.kind} ${j.attempts} attempt(s), failed ${j.failedAt}: ${j.lastError}`,
      );
    }
    const [id, ...extra] = positionals;
    if (!id || extra.length || values.kind) throw new CliError('usage: npm run cli -- jobs:retry <id>');
    const kind = await database.db.transaction(async (tx) => {
      const found = await jobs.retry(id, { tx });
      if (found)
        await auditRepository.record(tx, {
          actor: null,
          action: 'job.retried',
          targetType: 'job',
          targetId: null,
          targetLabel: `${found} ${id}`,
        });
      return found;
    });
    if (!kind) throw new CliError(`no failed job with id ${id}`);
    return [`${kind} job ${id} runs again`];
  } finally {
    await jobs.stop({ graceful: false });
  }
}

/** backup and restore work on the data directory itself, without opening the database first */
async function runBackupCommand(
  argv: string[],
  dataDir: string,
  usesPostgres: boolean,
  usesBucket: boolean,
): Promise<string[]> {
  const [command, file, ...extra] = argv;
  if (!file || extra.length) throw new CliError(`usage: npm run cli -- ${command} <file>`);
  if (usesPostgres)
    throw new CliError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and the bucket with its own tools (README)',
    );
  // an archive without the uploads would restore into seminars whose videos are gone
  if (usesBucket)
    throw new CliError(
      'S3_BUCKET is set: the uploads are in the bucket; back it up with its own tools (aws s3 sync, rclone, versioning; README)',
    );
  try {
    if (command === 'backup') {
      const m = await backupDataDir(dataDir, file);
      return [`backup written to ${file} (database and ${m.files} uploaded files)`];
    }
    const m = await restoreDataDir(file, dataDir);
    return [`restored ${file} (from ${m.created_at}, ${m.files} uploaded files) into ${dataDir}`];
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message);
    throw err;
  }
}

async function main() {
  let database: Database | null = null;
  let files: FileStore | null = null;
  try {
    const env = loadEnv();
    const argv = process.argv.slice(2);
    if (argv[0] === 'backup' || argv[0] === 'restore') {
      for (const line of await runBackupCommand(
        argv,
        env.DATA_DIR,
        Boolean(env.DATABASE_URL),
        Boolean(env.S3_BUCKET),
      ))
        console.log(line);
      return;
    }
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await database.migrate();
    files = await openFileStore(configFromEnv(env).s3, path.resolve(env.DATA_DIR, 'uploads'));
    for (const line of await runCli(process.argv.slice(2), database, files)) console.log(line);
  } catch (err) {
    if (
      err instanceof CliError ||
      err instanceof ConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error((err as Error).message);
      process.exitCode = 2;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  } finally {
    await database?.close();
    await files?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
