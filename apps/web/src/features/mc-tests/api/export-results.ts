import { exportFileName } from '@elearn/shared';
import { downloadFile } from '@/lib/download';

/** `GET /api/graduate/export/{id}` as a blob, saved as `<label>_<timestamp>.xlsx`. */
export const exportResults = (mcTestId: number, label: string) =>
  downloadFile(`/api/graduate/export/${mcTestId}`, exportFileName(label, new Date()));
