import {
  confirmGraduationBodySchema,
  historyQuerySchema,
  idParamsSchema,
  mcTestReportSchema,
  ownerHistoryQuerySchema,
  ownerRowSchema,
  paginated,
  runAnswerParamsSchema,
  saveAnswerBodySchema,
  savedAnswerSchema,
  startedRunSchema,
  startTestBodySchema,
  stopResultSchema,
  stopTestBodySchema,
  studentRowSchema,
  userGraduateListSchema,
  userGraduateQuerySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { typedDtoSerializer } from '../../lib/validate.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import type { GraduateService } from './graduate.service.ts';

/**
 * Test runs, history, graduation and export (spec section 7 "Graduation"; paths verbatim), plus
 * the runs of one test (`/api/mc_tests/{id}/usergraduate/`) and its report.
 */
export const graduateRoutes: FastifyPluginAsyncZod<{ graduate: GraduateService }> = async (
  app,
  { graduate },
) => {
  const owner = app.requireScope('trainer', 'admin');
  const user = app.requireUser;
  const tags = ['graduation'];

  app.post(
    '/api/graduate/startTest',
    {
      onRequest: app.requireVerified,
      schema: {
        tags,
        body: startTestBodySchema,
        response: { 200: startedRunSchema, 201: startedRunSchema },
      },
    },
    async (req, reply) => {
      const { run, created } = await graduate.start(req.user!, req.body.id);
      return reply.code(created ? 201 : 200).send(run);
    },
  );
  app.put(
    '/api/graduate/runs/:id/answers/:questionId',
    {
      onRequest: user,
      schema: {
        tags,
        params: runAnswerParamsSchema,
        body: saveAnswerBodySchema,
        response: { 200: savedAnswerSchema },
      },
    },
    async (req) => graduate.saveAnswer(req.user!, req.params.id, req.params.questionId, req.body.answerIds),
  );
  app.patch(
    '/api/graduate/stopTest',
    { onRequest: user, schema: { tags, body: stopTestBodySchema, response: { 200: stopResultSchema } } },
    async (req) => graduate.stop(req.user!, req.body.resultSet),
  );
  app.get(
    '/api/graduate/history/student',
    {
      onRequest: user,
      schema: { tags, querystring: historyQuerySchema, response: { 200: paginated(studentRowSchema) } },
    },
    async (req) => graduate.studentHistory(req.user!, req.query),
  );
  app.get(
    '/api/graduate/history/owner',
    {
      onRequest: owner,
      schema: { tags, querystring: ownerHistoryQuerySchema, response: { 200: paginated(ownerRowSchema) } },
      // a page of up to 100 rows built field by field (toOwnerRow): no zod pass on the way out
      serializerCompiler: typedDtoSerializer,
    },
    async (req) => graduate.ownerHistory(req.user!, req.query),
  );
  app.patch(
    '/api/graduate/confirm',
    {
      onRequest: owner,
      schema: { tags, body: confirmGraduationBodySchema, response: { 200: ownerRowSchema } },
    },
    async (req) => graduate.confirm(req.user!, req.body),
  );
  app.get(
    '/api/graduate/export/:id',
    { onRequest: owner, schema: { tags, params: idParamsSchema } },
    async (req, reply) => {
      const file = await graduate.export(req.user!, req.params.id, req.locale);
      return sendXlsx(reply, file);
    },
  );
  app.get(
    '/api/mc_tests/:id/usergraduate',
    {
      onRequest: owner,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: userGraduateQuerySchema,
        response: { 200: userGraduateListSchema },
      },
    },
    async (req) => graduate.userGraduate(req.user!, req.params.id, req.query),
  );
  app.get(
    '/api/mc_tests/:id/report',
    { onRequest: owner, schema: { tags, params: idParamsSchema, response: { 200: mcTestReportSchema } } },
    async (req) => graduate.report(req.user!, req.params.id),
  );
};
