import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The base of the absolute URLs this request's browser is sent to next (the test checkout and
     * its return): APP_URL, or in development without APP_URL the address the browser came by.
     */
    appUrl: string;
  }
}

/** `localhost`, the loopback addresses and every address of this machine's network interfaces */
export function localHostnames(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? [])
      if (!a.scopeid) names.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
  return names;
}

/**
 * The request's own origin, if its Host names this machine on the port the request came in on
 * (a Host the client chose freely, say `evil.example`, is not one); otherwise null.
 */
export function localOriginOf(req: FastifyRequest): string | null {
  const host = req.headers.host;
  const port = req.socket?.localPort;
  if (!host || !port) return null;
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/') return null;
  const urlPort = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (urlPort !== String(port) || !localHostnames().has(url.hostname)) return null;
  return url.origin;
}

/**
 * Every address `npm start` prints works end to end (issue 32 item 10). Without APP_URL the
 * server answers on all addresses of the machine (localhost, 127.0.0.1, the network address for a
 * phone), but a URL built from the default APP_URL (`http://localhost:PORT`) takes a browser that
 * came by another one to a different origin, where it has neither its session nor its cookie
 * consent. So in development without APP_URL the URLs a request sends its own browser to are built
 * from that request's address, when it is one of this machine's; in production, or with APP_URL
 * set, always from APP_URL (a forged Host header steers nothing). Mails keep APP_URL: they are
 * read elsewhere, and a Host header must never choose where a link in someone's mail points.
 */
export const requestOriginPlugin = fp(async (app: FastifyInstance) => {
  const { appUrl, appUrlFollowsRequest } = app.config;
  app.decorateRequest('appUrl', {
    getter(this: FastifyRequest) {
      return (appUrlFollowsRequest && localOriginOf(this)) || appUrl;
    },
  });
});
