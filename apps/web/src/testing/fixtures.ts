/** DTOs of the seminars contract for component tests. */
import type { ChapterDto, SeminarDto, SubChapterDto } from '@elearn/shared';

let nextId = 100;

export function seminarDto(overrides: Partial<SeminarDto> = {}): SeminarDto {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `seminar-${id}`,
    title: `Seminar ${id}`,
    description: '<p>Beschreibung</p>',
    image_url: null,
    price: 0,
    currency: 'CHF',
    language: 'de',
    is_public: true,
    isCompany: false,
    company_id: null,
    owner: { id: 4, username: 'trainer1', first_name: 'Thomas', last_name: 'Trainer', avatar_url: null },
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-01T10:00:00.000Z',
    companies: [],
    users_booked_seminars: [],
    users_booked_company_seminars: [],
    bookings_count: 0,
    chapters_count: 0,
    video_seconds: null,
    abilities: { edit: false, delete: false, play: false, book: true, booked: false },
    ...overrides,
  };
}

export const ownerAbilities = { edit: true, delete: true, play: true, book: false, booked: false };
export const bookedAbilities = { edit: false, delete: false, play: true, book: false, booked: true };

export function subChapterDto(overrides: Partial<SubChapterDto> & { id: number }): SubChapterDto {
  return {
    seminar_id: 1,
    chapter_id: null,
    label: `Kapitel ${overrides.id}`,
    content: '',
    description: '',
    position: 0,
    unlocked: 1,
    preview: false,
    available_after_days: null,
    available_at: null,
    done: false,
    chapter_videos: [],
    video_seconds: null,
    chapter_docs: [],
    chapter_links: [],
    ...overrides,
  };
}

export function chapterDto(
  overrides: Partial<SubChapterDto> & { id: number },
  subs: SubChapterDto[] = [],
): ChapterDto {
  return { ...subChapterDto(overrides), sub_chapters: subs };
}

/** The side menu entries (`GET /api/chapters?seminar_id=`) of a chapter tree. */
export function sideMenuOf(tree: ChapterDto[]) {
  const entry = (chapter: SubChapterDto) => ({
    id: chapter.id,
    label: chapter.label,
    chapter_id: chapter.chapter_id,
    position: chapter.position,
    unlocked: chapter.unlocked,
    preview: chapter.preview,
  });
  return tree.map((chapter) => ({ ...entry(chapter), sub_chapters: chapter.sub_chapters.map(entry) }));
}

export const paginatorOf = <T>(data: T[], page = 1, lastPage = 1, total = data.length) => ({
  data,
  current_page: page,
  last_page: lastPage,
  per_page: 12,
  total,
});

/** a learner's progress in a seminar (GET /api/progress/seminars/{id}, issue 16) */
export function seminarProgress(seminarId: number, over: Record<string, unknown> = {}) {
  return {
    seminar_id: seminarId,
    chapters_total: 0,
    chapters_done: 0,
    tests_total: 0,
    tests_passed: 0,
    percent: 0,
    video_coverage: null,
    completed_at: null,
    certificate: null,
    chapters: [],
    tests: [],
    videos: [],
    ...over,
  };
}

/** an empty page of learners with progress (GET /api/progress/seminars/{id}/learners) */
export const noLearners = { data: [], current_page: 1, last_page: 1, per_page: 25, total: 0 };
export const defaultCompletionSettings = {
  hours: null,
  require_confirmation: false,
  video_done_chapter_ids: [],
};
