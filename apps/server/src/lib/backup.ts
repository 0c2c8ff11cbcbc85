import { createReadStream } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';

/** What a backup archive holds besides the data; checked on restore. */
interface Manifest {
  format: 'elearn-backup';
  version: 1;
  created_at: string;
  database: 'pglite';
  files: number;
}

const DUMP = 'database.tar.gz';
const MANIFEST = 'manifest.json';

export class BackupError extends Error {}

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

async function countFiles(dir: string): Promise<number> {
  if (!(await exists(dir))) return 0;
  let n = 0;
  const tmp = path.join(dir, 'tmp');
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile() && e.parentPath !== tmp && !e.parentPath.startsWith(`${tmp}${path.sep}`)) n++;
  return n;
}

/**
 * Writes one `.tar.gz` with the embedded database (PGlite's own data-directory dump), the
 * uploads and the session secret (mailed links stay valid after a restore). The server must be
 * stopped: PGlite allows one process per data directory. Uploads are streamed into the archive,
 * never copied first.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<Manifest> {
  const pgDir = path.join(dataDir, 'pglite');
  if (!(await exists(path.join(pgDir, 'PG_VERSION'))))
    throw new BackupError(`no embedded database in ${dataDir} (for PostgreSQL use pg_dump, see README)`);
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(file)), '.backup-'));
  try {
    const client = await PGlite.create({ dataDir: pgDir });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(path.join(staging, DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
    const entries = [MANIFEST, DUMP];
    const uploads = path.join(dataDir, 'uploads');
    if (await exists(uploads)) {
      // a link, followed by tar: the uploads are read once, straight into the archive
      await symlink(path.resolve(uploads), path.join(staging, 'uploads'), 'dir');
      entries.push('uploads');
    }
    const secret = path.join(dataDir, '.session-secret');
    if (await exists(secret)) {
      await writeFile(path.join(staging, 'session-secret'), await readFile(secret), { mode: 0o600 });
      entries.push('session-secret');
    }
    const manifest: Manifest = {
      format: 'elearn-backup',
      version: 1,
      created_at: new Date().toISOString(),
      database: 'pglite',
      files: await countFiles(uploads),
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // temporary upload parts are not data
    await tar.c(
      {
        gzip: true,
        file,
        cwd: staging,
        follow: true,
        portable: true,
        filter: (p) => !p.startsWith('uploads/tmp/') && p !== 'uploads/tmp',
      },
      entries,
    );
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive of {@link backupDataDir} into an empty (or new) data directory. Refuses a
 * directory that already holds a database, and an archive that is not one of ours.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<Manifest> {
  if (!(await exists(file))) throw new BackupError(`no such file: ${file}`);
  if ((await exists(dataDir)) && (await readdir(dataDir)).length > 0)
    throw new BackupError(`${dataDir} is not empty: restore into a new, empty DATA_DIR`);
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  let ok = false;
  try {
    const names: string[] = [];
    await new Promise<void>((resolve, reject) => {
      createReadStream(file)
        .on('error', reject)
        .pipe(tar.x({ cwd: staging, strict: true, onentry: (e) => names.push(e.path) }))
        .on('error', reject)
        .on('close', () => resolve());
    }).catch((err: Error) => {
      throw new BackupError(`not a readable backup archive: ${err.message}`);
    });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    } catch {
      throw new BackupError('not a backup archive of this platform (manifest.json missing)');
    }
    if (manifest.format !== 'elearn-backup' || manifest.version !== 1 || !names.includes(DUMP))
      throw new BackupError('not a backup archive of this platform (unknown format)');
    const dump = await readFile(path.join(staging, DUMP));
    const client = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([dump]),
    });
    await client.query('SELECT 1');
    await client.close();
    if (await exists(path.join(staging, 'uploads'))) {
      await rename(path.join(staging, 'uploads'), path.join(dataDir, 'uploads'));
    }
    if (await exists(path.join(staging, 'session-secret'))) {
      await writeFile(
        path.join(dataDir, '.session-secret'),
        await readFile(path.join(staging, 'session-secret')),
        {
          mode: 0o600,
        },
      );
    }
    const restored = await countFiles(path.join(dataDir, 'uploads'));
    if (restored !== manifest.files)
      throw new BackupError(`the archive names ${manifest.files} uploaded files, ${restored} were restored`);
    ok = true;
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    // a half restore is no restore: the directory is left empty for the next try
    if (!ok) {
      for (const name of ['pglite', 'uploads', '.session-secret'])
        await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
}
