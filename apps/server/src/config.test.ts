import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, loadEnv } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults for npm start', () => {
    const config = configFromEnv(loadEnv({}));
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      appUrl: 'http://localhost:3000',
      currency: 'CHF',
      maxVideoMb: 2048,
      demoData: true,
      matomo: null,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('lists every bad variable in one message', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_URL: 'ftp://host',
        CURRENCY: 'euro',
        MAX_VIDEO_MB: '-5',
        SMTP_URL: 'http://mail',
        NODE_ENV: 'production',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(
      ['APP_URL', 'CURRENCY', 'DATABASE_URL', 'MAX_VIDEO_MB', 'PORT', 'SESSION_SECRET', 'SMTP_URL'].sort(),
    );
    expect((error as Error).message).toContain('SESSION_SECRET: is required in production');
  });

  it('production never creates demo data unless told, and needs a long secret', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://a.example',
    });
    expect(configFromEnv(env).demoData).toBe(false);
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('reads optional services', () => {
    const c = configFromEnv(
      loadEnv({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        MATOMO_URL: 'https://stats.example.ch',
        MATOMO_SITE_ID: '3',
        REDIS_URL: 'redis://127.0.0.1:6379',
        DEMO_DATA: '0',
      }),
    );
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(c.matomo).toEqual({ url: 'https://stats.example.ch', siteId: '3' });
    expect(c.demoData).toBe(false);
    expect(c.redisKeyPrefix).toBe('elearn:');
    expect(configFromEnv(loadEnv({ REDIS_KEY_PREFIX: 'tenant-a:' })).redisKeyPrefix).toBe('tenant-a:');
    expect(() => loadEnv({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadEnv({ MATOMO_URL: 'https://stats.example.ch' })).toThrow(/MATOMO_SITE_ID/);
  });
});
