import { exportFileName } from '@elearn/shared';
import { downloadFile } from '@/lib/download';

/** `GET /api/progress/seminars/{id}/export` as a blob, saved as an `.xlsx` named after the seminar. */
export const exportProgress = (id: number, title: string) =>
  downloadFile(`/api/progress/seminars/${id}/export`, exportFileName(title, new Date(), 'progress'));
