import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, configFromEnv, loadEnv } from './config.ts';
import type { Db } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { randomToken } from './lib/crypto.ts';
import { verifyPassword } from './lib/passwords.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { WEB_DIST } from './paths.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoLogin, seedDemoData } from './seed/seed.ts';

/** Reads the environment, starts the server, shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  const started = performance.now();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const webDist = WEB_DIST;
  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret) {
    // development: a random secret kept in DATA_DIR so that mailed links survive restarts
    mkdirSync(env.DATA_DIR, { recursive: true });
    const file = path.join(env.DATA_DIR, '.session-secret');
    if (!existsSync(file)) writeFileSync(file, randomToken(48), { mode: 0o600 });
    sessionSecret = readFileSync(file, 'utf8').trim();
  }
  const config = configFromEnv(env, { webDist: existsSync(webDist) ? webDist : null, sessionSecret });
  const app = await buildApp(config);

  let demo: { created: boolean; logins: DemoLogin[] } | null = null;
  if (config.demoData && config.env !== 'production') {
    const created = await seedDemoData(app.database.db, {
      onlyIfEmpty: true,
      files: app.files,
      currency: config.currency,
      sessionSecret: config.sessionSecret,
    });
    demo = { created: !!created, logins: created ?? (await demoLoginsThatWork(app.database.db)) };
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      console.log(`E-Learning platform stopped (${signal}): in-flight requests finished`);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // started by scripts/start.mjs: the server never outlives its launcher (even a kill -9 of it)
  if (process.send) {
    process.channel?.unref();
    process.on('disconnect', () => {
      if (!closing) void shutdown('launcher gone');
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - started);
  app.log.info({ ms, db: app.database.kind }, 'ready');
  if (!config.webDist) app.log.warn('apps/web/dist is missing: run `npm run build` to serve the web app');
  // a short message, the addresses and the demo logins last: what a newcomer looks for (issue 32)
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const [open, ...also] = printedAddresses(config, port);
  console.log(
    `\nE-Learning platform started in ${ms} ms (${config.env}; database: ${app.database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; files: ${app.files.kind === 'local' ? 'local disk' : app.files.kind})\n`,
  );
  console.log(`  Open ${open}`);
  if (also.length) console.log(`  or   ${also.join(', ')} (this machine, and other devices in your network)`);
  if (demo?.logins.length) {
    console.log(
      `\n${demo.created ? 'Demo data created. ' : ''}Demo logins (e-mail, password ${DEMO_PASSWORD} for all):`,
    );
    const width = Math.max(...demo.logins.map((l) => l.role.length));
    for (const l of demo.logins) console.log(`  ${l.role.padEnd(width)}  ${l.email}`);
  }
  console.log('');
}

/** the addresses the server answers on, the canonical one first (APP_URL when it is set) */
function printedAddresses(config: AppConfig, port: number): string[] {
  if (!config.appUrlFollowsRequest) return [config.appUrl];
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const loopback = ['localhost', '127.0.0.1', '::1'].includes(config.host);
  const hosts = wildcard || loopback ? ['localhost', '127.0.0.1'] : [config.host];
  if (wildcard)
    for (const list of Object.values(os.networkInterfaces()))
      for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) hosts.push(a.address);
  return hosts.map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`);
}

/** on a later start: the demo accounts that still exist with the demo password */
async function demoLoginsThatWork(db: Db): Promise<DemoLogin[]> {
  const found = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => {
      const user = await usersRepository.findByEmail(db, a.email);
      return user && !user.disabledAt && (await verifyPassword(user.passwordHash, DEMO_PASSWORD))
        ? { ...a, password: DEMO_PASSWORD }
        : null;
    }),
  );
  return found.filter((l) => l !== null);
}

main().catch((err) => {
  // a bucket that is missing or refuses the credentials (checked at start)
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(75);
  }
  console.error(err);
  process.exit(1);
});
