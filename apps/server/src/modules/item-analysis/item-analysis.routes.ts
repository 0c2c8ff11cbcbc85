import { idParamsSchema, itemAnalysisQuerySchema, itemAnalysisSchema } from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ItemAnalysisService } from './item-analysis.service.ts';

/**
 * `GET /api/mc_tests/{id}/item-analysis?from=&to=&mode=`: the item analysis of a test, for its
 * owner and admins (others: 404). Contract: docs/api/item-analysis.md.
 */
export const itemAnalysisRoutes: FastifyPluginAsyncZod<{ itemAnalysis: ItemAnalysisService }> = async (
  app,
  { itemAnalysis },
) => {
  app.get(
    '/api/mc_tests/:id/item-analysis',
    {
      onRequest: app.requireScope('trainer', 'admin'),
      schema: {
        tags: ['graduation'],
        params: idParamsSchema,
        querystring: itemAnalysisQuerySchema,
        response: { 200: itemAnalysisSchema },
      },
    },
    async (req) => itemAnalysis.analyse(req.user!, req.params.id, req.query),
  );
};
