import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `apps/server` directory, found from this module: it sits one level below it both when the
 * sources run (`src/paths.ts`) and when the compiled bundle runs (`dist/main.js`), so the paths
 * below hold in both.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Drizzle's generated SQL migrations */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** the built web app */
export const WEB_DIST = path.join(SERVER_ROOT, '..', 'web', 'dist');
/** the web app's public folder (the demo data's sample video) */
export const WEB_PUBLIC = path.join(SERVER_ROOT, '..', 'web', 'public');
