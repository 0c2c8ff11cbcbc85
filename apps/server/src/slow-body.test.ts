import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

/**
 * Slow bodies end (issue 11 item 14), over a real socket: a JSON body trickling in one byte at a
 * time is cut off once the body time (30 s in production, 1.5 s here) has passed.
 */
describe('slow request bodies', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ bodyTimeoutMs: 1500 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** sends the headers and then one body byte every 300 ms; resolves with the ms until the socket closed */
  const trickle = (path: string, contentType: string) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n`,
        );
      });
      const drip = setInterval(() => socket.writable && socket.write('a'), 300);
      const giveUp = setTimeout(() => {
        clearInterval(drip);
        socket.destroy();
        reject(new Error('the socket was still open after 20 s'));
      }, 20_000);
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        clearTimeout(giveUp);
        resolve(Date.now() - started);
      });
    });

  it('closes the socket of a JSON body that is still arriving after the body time', async () => {
    const ms = await trickle('/api/login', 'application/json');
    expect(ms).toBeLessThan(15_000);
  }, 30_000);
});
