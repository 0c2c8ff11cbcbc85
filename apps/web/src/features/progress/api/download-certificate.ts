import { downloadFile } from '@/lib/download';

/** `GET /api/certificates/{code}/pdf` as a blob (the learner, the owner at issue, admins). */
export const downloadCertificate = (code: string, fileName: string) =>
  downloadFile(`/api/certificates/${encodeURIComponent(code)}/pdf`, fileName);
