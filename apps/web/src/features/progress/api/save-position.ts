import { api, apiUrl, readXsrfToken } from '@/lib/api-client';

export interface PositionSave {
  position: number;
  duration: number;
  segments: [number, number][];
}

/** `POST /api/progress/videos/{id}/position` while the page is open (failures are only logged) */
export async function savePosition(videoId: number, save: PositionSave): Promise<void> {
  try {
    await api.post(`/api/progress/videos/${videoId}/position`, save);
  } catch (error) {
    console.warn('saving the video position failed', error);
  }
}

/**
 * The same save when the page is left: a beacon (it outlives the page) carrying the CSRF token
 * in its body, as JSON in a text/plain body (no preflight, docs/decisions.md issue 16). Falls
 * back to a keepalive fetch where beacons are missing.
 */
export function beaconPosition(videoId: number, save: PositionSave): void {
  const xsrf = readXsrfToken();
  if (!xsrf) return;
  const url = apiUrl(`/api/progress/videos/${videoId}/position`);
  const body = JSON.stringify({ ...save, xsrf });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(url, body)) return;
  }
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
