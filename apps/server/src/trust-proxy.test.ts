import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, loadEnv } from './config.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

/**
 * The client address behind a reverse proxy (issue 11 item 12): only the configured hops or
 * proxy addresses are trusted, so a client that writes its own `X-Forwarded-For` entries cannot
 * escape a per-IP limit.
 */
describe('TRUST_PROXY', () => {
  it('parses a hop count, a list of addresses and ranges, or off; refuses "trust everything"', () => {
    const parse = (v: string) => configFromEnv(loadEnv({ TRUST_PROXY: v })).trustProxy;
    expect(parse('0')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.5, 192.168.0.0/16,::1')).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
    expect(configFromEnv(loadEnv({})).trustProxy).toBe(false);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.local'])
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });

  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** 31 token guesses, each with a different address prepended by the client */
  async function guessWithSpoofedEntries(proxyAddress: string, realClient: string) {
    const guest = t!.agent();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await guest.get(`/api/companies/access-link/guess${i}`, {
        remoteAddress: proxyAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${realClient}` },
      });
      codes.push(res.statusCode);
    }
    return codes;
  }

  it('with one trusted hop, prepended X-Forwarded-For entries do not escape a per-IP limit', async () => {
    t = await buildTestApp({ trustProxy: 1 });
    const codes = await guessWithSpoofedEntries('10.0.0.5', '198.51.100.9');
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('with a list of proxy addresses, the first untrusted address from the right is the client', async () => {
    t = await buildTestApp({ trustProxy: ['10.0.0.0/8'] });
    const codes = await guessWithSpoofedEntries('10.0.0.5', '198.51.100.10');
    expect(codes[30]).toBe(429);
    // a request that does not come through the proxy is its own client, whatever it claims
    const direct = await t.agent().get('/api/companies/access-link/x', {
      remoteAddress: '198.51.100.77',
      headers: { 'x-forwarded-for': '198.51.100.10' },
    });
    expect(direct.statusCode).toBe(404);
  });
});
