import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesEtag } from '../../lib/precompressed.ts';
import type { SiteDocument, SiteService } from './site.service.ts';

/** whether the client's copy is still the document (If-None-Match first, else If-Modified-Since) */
function notModified(req: FastifyRequest, doc: SiteDocument): boolean {
  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince } = req.headers;
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, doc.etag);
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && doc.lastModified.getTime() <= since;
}

/** the document, or 304 when the client has it; anyone may cache it but must ask again first */
function send(req: FastifyRequest, reply: FastifyReply, doc: SiteDocument) {
  reply
    .header('Cache-Control', 'public, no-cache')
    .header('ETag', doc.etag)
    .header('Last-Modified', doc.lastModified.toUTCString());
  if (notModified(req, doc)) return reply.code(304).send();
  return reply.type(doc.type).send(doc.body);
}

const textAnswer = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});
const NOT_MODIFIED = z
  .null()
  .describe('Not modified: the `ETag` (or `Last-Modified`) the client sent is current.');

/** What search engines read: `/sitemap.xml` and `/robots.txt` (docs/api/site.md). */
export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  const tags = ['site'];
  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        response: {
          200: textAnswer(
            'The sitemap (sitemaps.org 0.9): the public pages and seminars in German and English, with `lastmod` and `xhtml:link` alternates (de, en, x-default).',
            'application/xml',
          ),
          304: NOT_MODIFIED,
        },
      },
    },
    async (req, reply) => send(req, reply, await site.sitemap()),
  );
  app.get(
    '/robots.txt',
    {
      schema: {
        tags,
        response: {
          200: textAnswer("The crawling rules (RFC 9309) and the sitemap's address.", 'text/plain'),
          304: NOT_MODIFIED,
        },
      },
    },
    async (req, reply) => send(req, reply, await site.robots()),
  );
};
