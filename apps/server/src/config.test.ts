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

  it('object storage: local disk unless S3_BUCKET; the bucket settings with the SDK variables', () => {
    expect(configFromEnv(loadEnv({})).s3).toBeUndefined();
    const config = configFromEnv(
      loadEnv({
        S3_BUCKET: 'elearn-media',
        S3_ENDPOINT: 'https://s3.example.net',
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: 'elearn',
        AWS_REGION: 'eu-central-2',
        AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(config.s3).toEqual({
      bucket: 'elearn-media',
      endpoint: 'https://s3.example.net',
      forcePathStyle: true,
      region: 'eu-central-2',
      prefix: 'elearn/',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
    });
    // AWS defaults: us-east-1, virtual-host style, the SDK's credential chain
    expect(configFromEnv(loadEnv({ S3_BUCKET: 'media.example' })).s3).toEqual({
      bucket: 'media.example',
      endpoint: undefined,
      forcePathStyle: false,
      region: 'us-east-1',
      prefix: '',
      credentials: undefined,
    });
  });

  it('object storage: every bad or stray S3 variable is named with what is wrong', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadEnv(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(
      problems({
        S3_BUCKET: 'Bad_Bucket',
        S3_ENDPOINT: 'ftp://x',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_PREFIX: '/abs',
      }),
    ).toEqual([
      'S3_BUCKET: must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
      'S3_ENDPOINT: must be an http:// or https:// URL',
      expect.stringMatching(/^S3_FORCE_PATH_STYLE: /),
      'S3_PREFIX: must be a key prefix such as elearn/ (no leading /)',
    ]);
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' })).toEqual([
      'S3_ENDPOINT: is only used with S3_BUCKET, which is not set',
      'S3_FORCE_PATH_STYLE: is only used with S3_BUCKET, which is not set',
    ]);
    expect(problems({ S3_BUCKET: 'elearn', AWS_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      'AWS_SECRET_ACCESS_KEY: is required when AWS_ACCESS_KEY_ID is set',
    ]);
    expect(problems({ S3_BUCKET: 'elearn', AWS_SECRET_ACCESS_KEY: 'x' })).toEqual([
      'AWS_ACCESS_KEY_ID: is required when AWS_SECRET_ACCESS_KEY is set',
    ]);
    // without a bucket the AWS variables belong to someone else and are left alone
    expect(problems({ AWS_ACCESS_KEY_ID: 'AKIA' })).toEqual([]);
  });
});
