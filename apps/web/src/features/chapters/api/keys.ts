/** Query keys of the chapter queries; everything of one seminar sits under `['chapters', sid]`. */
export const chapterKeys = {
  all: ['chapters'] as const,
  seminar: (seminarId: number) => ['chapters', seminarId] as const,
  menu: (seminarId: number) => ['chapters', seminarId, 'menu'] as const,
  owner: (seminarId: number) => ['chapters', seminarId, 'owner'] as const,
  booked: (seminarId: number) => ['chapters', seminarId, 'booked'] as const,
  /** the public outline with the free previews (the seminar's landing page, issue 34) */
  preview: (seminarId: number) => ['chapters', seminarId, 'preview'] as const,
  /** who completed a chapter (owners); under the seminar, so the lock toggle refreshes it */
  interactions: (seminarId: number, chapterId: number) =>
    ['chapters', seminarId, 'interactions', chapterId] as const,
};

/** The seminar's detail query (its `chapters_count` changes with chapters). */
export const seminarDetailKey = (seminarId: number) => ['seminars', 'detail', seminarId] as const;
