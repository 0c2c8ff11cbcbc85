import type { Scope } from '@elearn/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CookieJar } from 'tough-cookie';
import { type BuildOptions, buildApp } from '../app.ts';
import { type AppConfig, testConfig } from '../config.ts';
import { createScratchPostgres } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { companiesRepository } from '../modules/companies/companies.repository.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { recordAnswers } from './contract/record.ts';

export const TEST_PASSWORD = 'Secret-Passw0rd';
let cachedHash: Promise<string> | null = null;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  make: ReturnType<typeof factories>;
  /** a client with its own cookie jar that sends the XSRF header like the SPA */
  agent(): Agent;
  /** an agent logged in as `email` (password {@link TEST_PASSWORD} unless given) */
  loginAs(email: string, password?: string): Promise<Agent>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database: in-memory PGlite, or a scratch PostgreSQL database when
 * TEST_DATABASE_URL is set (dropped on close).
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  opts: BuildOptions = {},
): Promise<TestApp> {
  // a test app of its own database, unless it is given one to share (a second instance)
  const scratch =
    process.env.TEST_DATABASE_URL && !overrides.databaseUrl
      ? await createScratchPostgres(process.env.TEST_DATABASE_URL)
      : null;
  const config = testConfig({ ...(scratch ? { databaseUrl: scratch.url } : {}), ...overrides });
  const app = await buildApp(config, { ...(opts.logStream ? {} : { logger: false }), ...opts });
  // the contract test (test/contract/global-setup.ts) records every answer of the API suite
  if (process.env.CONTRACT_DIR) recordAnswers(app, process.env.CONTRACT_DIR);
  await app.ready();
  const t: TestApp = {
    app,
    config,
    make: factories(app),
    agent: () => new Agent(app),
    async loginAs(email, password = TEST_PASSWORD) {
      const a = new Agent(app);
      const res = await a.post('/api/login', { email, password });
      if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
      return a;
    },
    async close() {
      await app.close();
      if (scratch) await scratch.drop();
    },
  };
  return t;
}

export function factories(app: FastifyInstance) {
  let n = 0;
  const db = app.database.db;
  return {
    async user(
      opts: {
        scopes?: Scope[];
        verified?: boolean;
        password?: string;
        email?: string;
        username?: string;
        locale?: 'de' | 'en';
        disabled?: boolean;
      } = {},
    ) {
      n++;
      const suffix = `${Date.now().toString(36)}${n}`;
      cachedHash ??= hashPassword(TEST_PASSWORD);
      return usersRepository.insert(db, {
        username: opts.username ?? `user${suffix}`,
        email: opts.email ?? `user${suffix}@example.test`,
        firstName: 'Test',
        lastName: `User ${n}`,
        passwordHash: opts.password ? await hashPassword(opts.password) : await cachedHash,
        scopes: opts.scopes ?? [],
        locale: opts.locale ?? 'de',
        emailVerifiedAt: opts.verified === false ? null : new Date(),
        disabledAt: opts.disabled ? new Date() : null,
      });
    },
    async company(name?: string) {
      n++;
      return companiesRepository.insert(db, {
        name: name ?? `Company ${n}`,
        shortName: `co${n}${Date.now().toString(36)}`,
      });
    },
    async member(companyId: number, userId: number, manager = false) {
      await companiesRepository.addMember(db, companyId, userId, manager);
    },
  };
}

type Payload = InjectOptions['payload'];

/** A cookie-jar client over `app.inject`, like a browser running the SPA. */
export class Agent {
  readonly jar = new CookieJar();
  /** Accept-Language for every request */
  lang = 'de';
  constructor(readonly app: FastifyInstance) {}

  xsrf(): string | undefined {
    const c = this.jar.getCookiesSync('http://localhost/').find((c) => c.key.endsWith('XSRF-TOKEN'));
    return c ? decodeURIComponent(c.value) : undefined;
  }
  cookie(name: string): string | undefined {
    return this.jar.getCookiesSync('http://localhost/').find((c) => c.key === name)?.value;
  }

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const mutating = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (mutating && opts.csrf !== false && !this.xsrf())
      await this.request({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': this.lang,
      ...(opts.headers as Record<string, string> | undefined),
    };
    const cookie = this.jar.getCookieStringSync('http://localhost/');
    if (cookie) headers.cookie = cookie;
    const token = this.xsrf();
    if (mutating && opts.csrf !== false && token && !headers['x-xsrf-token']) headers['x-xsrf-token'] = token;
    const res = await this.app.inject({ ...opts, method: method as InjectOptions['method'], headers });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : [])
      this.jar.setCookieSync(c, 'http://localhost/');
    return res;
  }
  get(url: string, opts: Partial<InjectOptions> = {}) {
    return this.request({ ...opts, method: 'GET', url });
  }
  post(url: string, payload?: Payload, opts: Partial<InjectOptions> & { csrf?: boolean } = {}) {
    return this.request({ ...opts, method: 'POST', url, payload });
  }
  patch(url: string, payload?: Payload, opts: Partial<InjectOptions> & { csrf?: boolean } = {}) {
    return this.request({ ...opts, method: 'PATCH', url, payload });
  }
  put(url: string, payload?: Payload, opts: Partial<InjectOptions> & { csrf?: boolean } = {}) {
    return this.request({ ...opts, method: 'PUT', url, payload });
  }
  delete(url: string, opts: Partial<InjectOptions> & { csrf?: boolean } = {}) {
    return this.request({ ...opts, method: 'DELETE', url });
  }
}

/** Builds a multipart/form-data body for inject. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[] = [],
) {
  const boundary = `----elearn${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
