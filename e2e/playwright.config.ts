import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
// one fresh data directory per run; workers inherit the id from the main process
process.env.E2E_RUN_ID ??= Date.now().toString(36);
// a random port per run (set once here, inherited by the workers) so parallel runs do not collide
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_DATA_DIR = path.join(here, '.data', `run-${process.env.E2E_RUN_ID ?? 'local'}`);
const chrome = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Chromium end to end against the built app served by the real server on a fresh PGlite directory. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(chrome ? { executablePath: chrome } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // the journeys and issue 14's screen guard (axe, page styles, tab strips) at 1280 px
    { name: 'chromium' },
    // every screen of the journeys at phone width (tests/screens.spec.ts visits them directly)
    {
      name: 'phone',
      testMatch: /screens\.spec\.ts$/,
      grepInvert: /@desktop/,
      use: { viewport: { width: 375, height: 812 } },
    },
  ],
  webServer: {
    command: `node --import tsx ${path.join(here, '../apps/server/src/main.ts')}`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // the journeys register more than the 10 accounts an address may register in an hour (every
      // browser here is 127.0.0.1); no e2e test is about the limits (API tests cover them)
      RATE_LIMIT_FACTOR: '10',
    },
  },
});
