/** Query keys of the progress feature. Contract: docs/api/progress.md (issue 16). */
export const progressKeys = {
  all: ['progress'] as const,
  mine: ['progress', 'mine'] as const,
  seminar: (id: number) => ['progress', 'seminar', id] as const,
  learners: (id: number, page: number, kind?: string) =>
    ['progress', 'learners', id, page, kind ?? ''] as const,
  settings: (id: number) => ['progress', 'settings', id] as const,
  certificates: ['progress', 'certificates'] as const,
  certificate: (code: string) => ['certificate', code] as const,
};
