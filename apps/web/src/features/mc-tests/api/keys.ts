/**
 * Query keys of the test, question pool and graduation queries. Everything sits under one root,
 * so a change (a new question, a confirmed graduation) can refresh every view of it at once.
 */
export interface PageParams {
  page: number;
  q?: string;
}

export const mcTestKeys = {
  all: ['mcTests'] as const,
  lists: () => ['mcTests', 'list'] as const,
  list: (params: PageParams & { perPage?: number }) => ['mcTests', 'list', params] as const,
  detail: (id: number) => ['mcTests', 'detail', id] as const,
  report: (id: number) => ['mcTests', 'report', id] as const,
  ownerChapters: () => ['mcTests', 'ownerChapters'] as const,
  assigned: () => ['mcTests', 'assigned'] as const,
  chapter: (chapterId: number) => ['mcTests', 'chapter', chapterId] as const,
  questions: (params: PageParams & { exclude?: number }) => ['mcTests', 'questions', params] as const,
  studentHistory: (page: number) => ['mcTests', 'history', 'student', page] as const,
  ownerHistory: (params: PageParams & { testId?: number | null; perPage?: number }) =>
    ['mcTests', 'history', 'owner', params] as const,
};
