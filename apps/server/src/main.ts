import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, configFromEnv, loadEnv } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { seedDemoData } from './db/seed.ts';
import { randomToken } from './lib/crypto.ts';
import { WEB_DIST } from './paths.ts';

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

  if (config.demoData && config.env !== 'production') {
    const logins = await seedDemoData(app.database.db, {
      onlyIfEmpty: true,
      files: app.files,
      currency: config.currency,
      sessionSecret: config.sessionSecret,
    });
    if (logins) {
      console.log('\nDemo data created. Demo logins (e-mail and password):');
      for (const l of logins) console.log(`  ${l.role.padEnd(18)} ${l.email.padEnd(34)} ${l.password}`);
      console.log('');
    }
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
  console.log(
    `E-Learning platform listening on ${config.appUrl} (started in ${ms} ms, ${Math.round(performance.now())} ms after the process began; database: ${app.database.kind}, files: ${app.files.kind})`,
  );
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
