import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodObject } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * every route as registered (method, url, schema and the text fields of multipart routes);
     * read by the authorization matrix and the input sweep tests
     */
    routeList: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** the text fields a multipart route reads (it parses them itself; the NUL sweep test sends them) */
    multipartFields?: ZodObject;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  multipartFields?: ZodObject;
}

/** records every route registered after it in `app.routeList` (HEAD and OPTIONS left out) */
export const routeListPlugin = fp(async (app: FastifyInstance) => {
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        routeList.push({
          method,
          url: route.url,
          schema: route.schema,
          multipartFields: (route.config as FastifyContextConfig | undefined)?.multipartFields,
        });
    }
  });
});
