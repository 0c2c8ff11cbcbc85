import {
  encodeMessage as m,
  QUESTION_FILE_FORMATS,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MAX_MB,
  type QuestionFileFormat,
  questionCategoriesQuerySchema,
  questionCategoriesSchema,
  questionExportQuerySchema,
  questionImportBodySchema,
  questionImportPreviewSchema,
  questionImportResultSchema,
} from '@elearn/shared';
import contentDisposition from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validation } from '../../errors.ts';
import type { QuestionsService } from './questions.service.ts';
import type { QuestionFile } from './use-cases/exchange-questions.ts';

const tooLarge = () =>
  new AppError(413, 'payload_too_large', 'question.import_too_large', { max: QUESTION_IMPORT_MAX_MB });

const formatOf = (v: unknown): QuestionFileFormat | undefined => {
  if (v === undefined || v === '') return undefined;
  if (QUESTION_FILE_FORMATS.includes(v as QuestionFileFormat)) return v as QuestionFileFormat;
  throw validation({ format: [m('validation.invalid')] });
};

/** the file of an import: multipart (`file`, optional `format` before it) or JSON {format, content} */
async function readImport(req: FastifyRequest): Promise<QuestionFile> {
  const locale = req.locale === 'en' ? 'en' : 'de';
  if (!req.isMultipart()) {
    const parsed = questionImportBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'content');
        fields[key] = [...(fields[key] ?? []), issue.message];
      }
      throw validation(fields);
    }
    if (Buffer.byteLength(parsed.data.content) > QUESTION_IMPORT_MAX_BYTES) throw tooLarge();
    return { content: parsed.data.content, format: parsed.data.format, locale };
  }
  const data = await req.file({ limits: { fileSize: QUESTION_IMPORT_MAX_BYTES, files: 1 } });
  if (!data) throw validation({ file: [m('question.import_file_missing')] });
  const buffer = await data.toBuffer();
  if (data.file.truncated) throw tooLarge();
  const field = data.fields.format as { value?: unknown } | undefined;
  return { content: buffer.toString('utf8'), format: formatOf(field?.value), locale };
}

/** Import (preview, then create) and export of pool questions as Moodle XML or GIFT (issue 37 item 6). */
export const questionExchangeRoutes: FastifyPluginAsyncZod<{ questions: QuestionsService }> = async (
  app,
  { questions },
) => {
  const owner = app.requireScope('trainer', 'admin');
  const tags = ['questions'];
  // JSON bodies carry the whole file: room for it and its escaping
  const bodyLimit = QUESTION_IMPORT_MAX_BYTES * 2 + 64 * 1024;
  const consumes = ['multipart/form-data', 'application/json'];

  app.post(
    '/api/questions/import/preview',
    {
      onRequest: owner,
      bodyLimit,
      schema: { tags, consumes, response: { 200: questionImportPreviewSchema } },
    },
    async (req) => questions.previewImport(req.user!, await readImport(req)),
  );
  app.post(
    '/api/questions/import',
    {
      onRequest: owner,
      bodyLimit,
      schema: { tags, consumes, response: { 201: questionImportResultSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await questions.importQuestions(req.user!, await readImport(req))),
  );
  app.get(
    '/api/questions/categories',
    {
      onRequest: owner,
      schema: {
        tags,
        querystring: questionCategoriesQuerySchema,
        response: { 200: questionCategoriesSchema },
      },
    },
    async (req) => questions.categories(req.user!, req.query),
  );
  app.get(
    '/api/questions/export',
    {
      onRequest: owner,
      schema: {
        tags,
        querystring: questionExportQuerySchema,
        produces: ['application/xml', 'text/plain'],
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const file = await questions.exportQuestions(req.user!, req.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};
