/**
 * The data a page rendered on the server hands to the browser (issue 34): in a JSON script
 * element (`<script type="application/json" id="page-data">`, data, not code, so the
 * Content-Security-Policy needs no inline script), read by `main.tsx` before it hydrates.
 */
import type { DehydratedState } from '@tanstack/react-query';
import { type HydrationState, isRouteErrorResponse } from 'react-router';

export type SerializedError =
  | { type: 'response'; status: number; statusText: string; data: unknown }
  | { type: 'error'; message: string };

export interface PageData {
  /** the site's public address (`APP_URL`) */
  origin: string;
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, SerializedError> | null;
  };
  /** TanStack Query's cache as the page was rendered with it */
  queries: DehydratedState;
}

export const PAGE_DATA_ID = 'page-data';

/** The page's data, when the server rendered it (none from the development server). */
export function readPageData(doc: Document = document): PageData | null {
  const element = doc.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}

/** An error response as React Router's `isRouteErrorResponse` recognises it. */
function errorResponse(status: number, statusText: string, data: unknown) {
  const response = { status, statusText, data, internal: false };
  if (!isRouteErrorResponse(response)) throw new Error('not an error response');
  return response;
}

/** The router's hydration data, the route errors made errors again. */
export function hydrationState(data: PageData): HydrationState {
  const { errors } = data.router;
  return {
    loaderData: data.router.loaderData,
    actionData: data.router.actionData,
    errors: errors
      ? Object.fromEntries(
          Object.entries(errors).map(([id, error]) => [
            id,
            error.type === 'response'
              ? errorResponse(error.status, error.statusText, error.data)
              : new Error(error.message),
          ]),
        )
      : null,
  };
}
