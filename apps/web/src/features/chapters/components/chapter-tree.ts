import type { ChapterDto, SubChapterDto } from '@elearn/shared';

/** Chapters in reading order: each chapter followed by its sub-chapters. */
export function flattenChapters(tree: ChapterDto[]): SubChapterDto[] {
  return tree.flatMap((chapter) => [chapter, ...chapter.sub_chapters]);
}

/** A chapter or sub-chapter of the tree with its parent (null for top-level chapters). */
export function findChapter(
  tree: ChapterDto[],
  id: number,
): { chapter: SubChapterDto; parent: ChapterDto | null; top: ChapterDto | null } | null {
  for (const chapter of tree) {
    if (chapter.id === id) return { chapter, parent: null, top: chapter };
    const sub = chapter.sub_chapters.find((item) => item.id === id);
    if (sub) return { chapter: sub, parent: chapter, top: null };
  }
  return null;
}
