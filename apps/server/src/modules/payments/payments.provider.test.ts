import tls from 'node:tls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config.ts';
import { type MollieServer, startMollieServer } from '../../test/mollie-server.ts';
import { createMollieProvider } from './payments.provider.ts';

/**
 * The real Mollie client as the app creates it, against the tests' Mollie-compatible server.
 * Its https agent is patched (patches/@mollie+api-client+*.patch, docs/decisions/performance.md):
 * without the patch every connection built a TLS context from the client's 130 CA certificates,
 * about 40 ms of the event loop per API call (a burst of 200 webhooks held every request of the
 * server for 7 s).
 */
describe('Mollie provider', () => {
  let mollie: MollieServer | undefined;
  afterEach(async () => {
    await mollie?.close();
    mollie = undefined;
    vi.restoreAllMocks();
  });

  it('builds its TLS context once, not for every call', async () => {
    mollie = await startMollieServer();
    const provider = createMollieProvider(
      testConfig({
        mollieApiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
        mollieApiEndpoint: mollie.apiEndpoint,
      }),
    );
    const created = await provider.create({
      amount: 4900,
      currency: 'CHF',
      description: 'Seminar',
      redirectUrl: 'https://elearn.example/payment/redirect',
      webhookUrl: 'https://elearn.example/payment/mollie/webhook',
      metadata: { bookingId: 1 },
      idempotencyKey: 'provider-test-1',
    });
    const contexts = vi.spyOn(tls, 'createSecureContext');
    for (let i = 0; i < 5; i++) expect((await provider.get(created.id))?.amount).toBe(4900);
    // five calls, five TLS connections to the server, no context built for them
    expect(mollie.tlsConnections()).toBe(6);
    expect(contexts).not.toHaveBeenCalled();
  });
});
