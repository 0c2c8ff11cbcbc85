import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Slow bodies end (issue 11 item 14): an ordinary request sends its whole body within
 * `bodyTimeoutMs` (30 s); uploads (multipart) keep the hour and the 60 s idle timeout of the
 * socket (the server's options in app.ts).
 */
export const bodyTimeoutPlugin = fp(async (app: FastifyInstance, opts: { bodyTimeoutMs: number }) => {
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    // tus PATCH bodies (issue 18) stream for as long as the chunk takes, like multipart uploads
    if (
      raw.complete ||
      req.isMultipart() ||
      req.headers['content-type'] === 'application/offset+octet-stream'
    )
      return;
    const timer = setTimeout(() => {
      if (!raw.complete) if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    }, opts.bodyTimeoutMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
  });
});
