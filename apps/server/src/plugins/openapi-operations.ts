import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  DOC_TYPES,
  profileFieldsSchema,
  rules,
  SEMINAR_IMAGE_MAX_BYTES,
  seminarFieldsSchema,
  VIDEO_TYPES,
} from '@elearn/shared';
import { z } from 'zod';
import { XLSX_TYPE } from '../lib/xlsx.ts';

/**
 * What the OpenAPI document cannot read from a route's zod schemas (plugins/openapi.ts), keyed
 * by `METHOD /openapi/{path}`: the domain error answers beyond those that follow from the route
 * itself (guard, CSRF, path parameters, input), multipart bodies and downloads. The contract
 * test fails when the API answers a status that is documented nowhere, and when a key here
 * matches no route.
 */
export interface OperationDoc {
  /** error statuses beyond the derived ones (409 conflicts, 403 from a policy, 404 by slug, …) */
  errors?: number[];
  /** 'required': a login checked inside the handler; 'or-access-link': a login or `?access_link=` */
  login?: 'required' | 'or-access-link';
  multipart?: {
    /** the text fields, as the route validates them */
    fields?: z.ZodType;
    files: { name: string; types: string[]; description: string; required?: boolean; many?: number }[];
    /** the same fields are accepted as a JSON body (without files) */
    alsoJson?: boolean;
  };
  download?: { description: string; types: string[]; attachment: boolean; ranges: boolean };
  /** a browser asking for HTML gets the web app's page (200 text/html) */
  html?: boolean;
}

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const XLSX = XLSX_TYPE;
const chapterIdField = z.object({ chapter_id: rules.id() });
const videoFields = z.object({ chapter_id: rules.id(), label: z.string().max(200).optional() });

export const operationDocs: Record<string, OperationDoc> = {
  // accounts -------------------------------------------------------------------------------
  'POST /api/login': { errors: [403, 429] },
  // a malformed or altered token (400), an account that is gone (404) (issue 36 item 6)
  'GET /api/unsubscribe': { errors: [400, 404] },
  'POST /api/unsubscribe': { errors: [404] },
  'POST /api/register': { errors: [429] },
  'GET /email/verify/{id}/{hash}': { errors: [403], html: true },
  'GET /api/email/verify/{id}/{hash}': { errors: [403] },
  'POST /api/email/verification-notification': { login: 'required', errors: [429] },
  'POST /api/forgot-password': { errors: [429] },
  'POST /api/user/update': {
    multipart: {
      fields: profileFieldsSchema,
      files: [
        {
          name: 'avatar',
          types: [...AVATAR_TYPES],
          description: `The new avatar (at most ${AVATAR_MAX_BYTES / MB} MB); an empty part keeps the current one.`,
        },
      ],
      alsoJson: true,
    },
  },
  'GET /api/users/{id}/avatar': {
    download: { description: 'The avatar image.', types: IMAGE_TYPES, attachment: false, ranges: false },
  },

  // seminars -------------------------------------------------------------------------------
  'POST /api/seminars': {
    multipart: {
      fields: seminarFieldsSchema,
      files: [
        {
          name: 'image',
          types: IMAGE_TYPES,
          description: `The seminar image (at most ${SEMINAR_IMAGE_MAX_BYTES / MB} MB).`,
        },
      ],
      alsoJson: true,
    },
  },
  'POST /api/seminars/update/{id}': {
    multipart: {
      fields: seminarFieldsSchema,
      files: [
        {
          name: 'image',
          types: IMAGE_TYPES,
          description: `A new seminar image (at most ${SEMINAR_IMAGE_MAX_BYTES / MB} MB); omitted: the image stays.`,
        },
      ],
      alsoJson: true,
    },
  },
  // 403: a seminar the caller may see but does not manage; 404: one the caller may not see
  'GET /api/seminars/{id}/bookings': { errors: [403, 404] },
  'GET /api/questions/categories': { errors: [404] }, // owner_id of a pool the caller may not read (issue 37)
  'GET /api/seminars/{id}/image': {
    download: { description: 'The seminar image.', types: IMAGE_TYPES, attachment: false, ranges: true },
  },

  // media ----------------------------------------------------------------------------------
  // 404: an unknown chapter (chapter_id)
  'POST /api/chapters/storeDocs': {
    errors: [404],
    multipart: {
      fields: chapterIdField,
      files: [
        {
          name: 'docs',
          types: Object.values(DOC_TYPES),
          description:
            'Documents (`docs` or `docs[]`, up to 20, each at most MAX_DOC_MB); `chapter_id` must come before the files.',
          required: true,
          many: 20,
        },
      ],
    },
  },
  'POST /api/chapters/storeVideo': {
    errors: [404],
    multipart: {
      fields: videoFields,
      files: [
        {
          name: 'video',
          types: Object.values(VIDEO_TYPES),
          description: 'The video (at most MAX_VIDEO_MB); `chapter_id` must come before the file.',
          required: true,
        },
      ],
    },
  },
  // resumable uploads (tus 1.0, issue 18; docs/api/uploads.md): 404 for an unknown chapter or an
  // upload that is not the caller's, 409 a wrong Upload-Offset, 410 an expired upload, 412 no
  // Tus-Resumable, 413 over the limit, 415 a PATCH body not application/offset+octet-stream
  'POST /api/chapters/uploads': { errors: [400, 404, 412, 413] },
  'PATCH /api/chapters/uploads/{uploadId}': { errors: [400, 409, 410, 412, 413, 415, 507] },
  'DELETE /api/chapters/uploads/{uploadId}': { errors: [400, 412] },
  'GET /api/chapters/doc/{id}/download': {
    login: 'or-access-link',
    // a locked chapter or a seminar not booked; a revoked, expired or guessed access link
    errors: [403, 410, 429],
    download: {
      description: 'The document as an attachment.',
      types: Object.values(DOC_TYPES),
      attachment: true,
      ranges: true,
    },
  },
  'GET /api/chapters/video/{id}/stream': {
    login: 'or-access-link',
    // a locked chapter or a seminar not booked; a revoked, expired or guessed access link
    errors: [403, 410, 429],
    download: {
      description: 'The whole video; players ask for ranges.',
      types: Object.values(VIDEO_TYPES),
      attachment: false,
      ranges: true,
    },
  },

  'DELETE /api/seminars/{id}': { errors: [409] },
  'POST /api/booking/free': { errors: [409] },

  // multiple-choice tests ------------------------------------------------------------------
  'DELETE /api/mc_tests/{id}': { errors: [409] },
  'POST /api/graduate/startTest': { errors: [409] },
  'PATCH /api/graduate/stopTest': { errors: [409] },
  // a stopped run or a passed deadline (issue 37 item 2)
  'PUT /api/graduate/runs/{id}/answers/{questionId}': { errors: [409] },
  'PATCH /api/graduate/confirm': { errors: [409] },
  'GET /api/graduate/export/{id}': {
    download: {
      description: 'The runs as an Excel workbook.',
      types: [XLSX],
      attachment: true,
      ranges: false,
    },
  },

  // payments -------------------------------------------------------------------------------
  'POST /api/booking/now': { errors: [409] },
  'POST /api/admin/payments/{id}/refunds': { errors: [409, 503] },
  'POST /api/payments/booking/{id}/sync': { errors: [409] },
  'POST /api/payments/test-checkout/{paymentId}': { errors: [409] },
  'POST /payment/mollie/webhook': { errors: [429] },
  'POST /api/payments/webhook': { errors: [429] },

  // privacy (issue 19) ---------------------------------------------------------------------
  'POST /api/privacy/exports': { errors: [409, 429] },
  'GET /api/privacy/exports/{id}/download': {
    errors: [409, 410],
    download: {
      description: 'The data export as a zip archive (one JSON file per area, the avatar under uploads/).',
      types: ['application/zip'],
      attachment: true,
      ranges: false,
    },
  },
  'POST /api/privacy/deletion': { errors: [409] },
  'POST /api/admin/users/{id}/export': { errors: [409, 429] },
  'POST /api/admin/users/{id}/deletion': { errors: [409] },
  'DELETE /api/admin/users/{id}/deletion': { errors: [409] },

  // companies ------------------------------------------------------------------------------
  'POST /api/companies/{id}/members': { errors: [409, 429] },
  'GET /api/companies/member-invitations/{token}': { errors: [410, 429] },
  'POST /api/companies/member-invitations/{token}/accept': { errors: [410, 429] },
  'DELETE /api/companies/{id}/members/{userId}': { errors: [409] },
  'GET /api/companies/invitations/{token}': { errors: [410, 429] },
  'POST /api/companies/register': { errors: [404, 410, 429] },
  'POST /api/companies/booking/free': { errors: [409] },
  'POST /api/companies/generate-access-link': { errors: [409] },
  'POST /api/companies/booking/now': { errors: [409] },
  'POST /api/companies/assign-seminar': { errors: [409] },
  // pay by invoice (issue 38 item 3)
  'POST /api/companies/booking/invoice': { errors: [409, 503] },
  'POST /api/companies/unassign-seminar': { errors: [409] },
  // seat packages (issue 38 item 4): the purchase's conflicts and an unavailable provider
  'POST /api/companies/seat-packages': { errors: [409, 503] },
  'GET /api/companies/access-link/{token}': { errors: [410, 429] },
  'GET /api/companies/{id}/team/export': {
    download: {
      description: "The company's team view (its filters, every page) as an Excel workbook, streamed.",
      types: [XLSX],
      attachment: true,
      ranges: false,
    },
  },

  // progress and certificates (issue 16) ---------------------------------------------------
  'GET /api/progress/seminars/{id}/export': {
    download: {
      description: 'The learners with their progress as an Excel workbook.',
      types: [XLSX],
      attachment: true,
      ranges: false,
    },
  },
  'GET /api/certificates/{code}/pdf': {
    download: {
      description:
        'The certificate as a PDF in the request language (fonts embedded, QR code of the verification page).',
      types: ['application/pdf'],
      attachment: true,
      ranges: false,
    },
  },
  'GET /api/certificates/{code}': { errors: [429] },
  'POST /api/certificates/{code}/revoke': { errors: [409] },

  // invoices (issue 38) --------------------------------------------------------------------
  'GET /api/invoices/{id}/pdf': {
    download: {
      description:
        "The invoice or credit note as a PDF in the buyer's language (fonts embedded; an open invoice with a payment reference ends with the Swiss QR-bill's payment part, in Helvetica as SIX requires).",
      types: ['application/pdf'],
      attachment: true,
      ranges: false,
    },
  },
  'GET /api/admin/invoices/export': {
    download: {
      description: 'The invoices and credit notes of the filter as an Excel workbook, streamed.',
      types: [XLSX],
      attachment: true,
      ranges: false,
    },
  },

  'POST /api/admin/invoices/{id}/paid': { errors: [409] },

  // revenue overview (issue 38 item 7) -----------------------------------------------------
  'GET /api/admin/revenue/export': {
    download: {
      description:
        'The revenue overview of the range and grouping (rows and totals per currency) as an Excel workbook.',
      types: [XLSX],
      attachment: true,
      ranges: false,
    },
  },

  // vouchers (issue 38 item 5) -------------------------------------------------------------
  'DELETE /api/admin/vouchers/{id}': { errors: [409] },
  'POST /api/vouchers/check': { errors: [404, 429] },

  // administration -------------------------------------------------------------------------
  'PATCH /api/admin/users/{id}/scopes': { errors: [409] },
  'POST /api/admin/users/{id}/disable': { errors: [409] },
  'POST /api/admin/users/{id}/verification': { errors: [409] },
  'POST /api/admin/users/{id}/password-reset': { errors: [409] },
  'DELETE /api/admin/companies/{id}': { errors: [409] },
  'POST /api/admin/companies/{id}/members': { errors: [409] },
};
