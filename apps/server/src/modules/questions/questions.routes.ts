import {
  answerDtoSchema,
  attachQuestionsBodySchema,
  createAnswerBodySchema,
  createQuestionBodySchema,
  idParamsSchema,
  mcTestDtoSchema,
  paginated,
  questionDtoSchema,
  questionListQuerySchema,
  unattachQuestionBodySchema,
  updateAnswerBodySchema,
  updateQuestionBodySchema,
} from '@elearn/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionExchangeRoutes } from './questions.exchange.routes.ts';
import type { QuestionsService, TestQuestionLinks } from './questions.service.ts';

/**
 * The spec sends the literal text `{question}` in this segment (a browser sends it encoded as
 * `%7Bquestion%7D`); the question ids travel in the body, so the segment is accepted and ignored.
 */
const questionParams = z.object({ question: z.string().max(100) });

/** The question pool and answers (spec section 7 "Tests, questions, answers"; paths verbatim). */
export const questionRoutes: FastifyPluginAsyncZod<{
  questions: QuestionsService;
  mcTests: TestQuestionLinks;
}> = async (app, { questions, mcTests }) => {
  const owner = app.requireScope('trainer', 'admin');
  const tags = ['questions'];

  app.get(
    '/api/questions',
    {
      onRequest: owner,
      schema: { tags, querystring: questionListQuerySchema, response: { 200: paginated(questionDtoSchema) } },
    },
    async (req) => questions.list(req.user!, req.query),
  );
  app.post(
    '/api/questions',
    {
      onRequest: owner,
      schema: { tags, body: createQuestionBodySchema, response: { 201: questionDtoSchema } },
    },
    async (req, reply) => reply.code(201).send(await questions.create(req.user!, req.body)),
  );
  app.patch(
    '/api/questions/update',
    {
      onRequest: owner,
      schema: { tags, body: updateQuestionBodySchema, response: { 200: questionDtoSchema } },
    },
    async (req) => questions.update(req.user!, req.body),
  );
  app.delete(
    '/api/questions/:id',
    { onRequest: owner, schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await questions.remove(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
  // the spec's client sends these two bodies as "JSON text": JSON is also accepted as text/plain here
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.patch(
      '/api/questions/:question/attach',
      {
        onRequest: owner,
        schema: {
          tags,
          params: questionParams,
          body: attachQuestionsBodySchema,
          response: { 200: mcTestDtoSchema },
        },
      },
      async (req) => mcTests.attach(req.user!, req.body.mcTestId, req.body.questions),
    );
    scope.patch(
      '/api/questions/:question/unattach',
      {
        onRequest: owner,
        schema: {
          tags,
          params: questionParams,
          body: unattachQuestionBodySchema,
          response: { 200: mcTestDtoSchema },
        },
      },
      async (req) => mcTests.unattach(req.user!, req.body.mcTestId, req.body.questionId),
    );
  });

  await app.register(questionExchangeRoutes, { questions });

  app.post(
    '/api/answers/new',
    {
      onRequest: owner,
      schema: { tags: ['answers'], body: createAnswerBodySchema, response: { 201: answerDtoSchema } },
    },
    async (req, reply) => reply.code(201).send(await questions.createAnswer(req.user!, req.body)),
  );
  app.patch(
    '/api/answers',
    {
      onRequest: owner,
      schema: { tags: ['answers'], body: updateAnswerBodySchema, response: { 200: answerDtoSchema } },
    },
    async (req) => questions.updateAnswer(req.user!, req.body),
  );
  app.delete(
    '/api/answers/:id',
    { onRequest: owner, schema: { tags: ['answers'], params: idParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      await questions.removeAnswer(req.user!, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
