import type { LearnSeminar } from '@elearn/shared';

const play = (seminarId: number, chapterId: number) => `/seminar/id/${seminarId}/chapter/${chapterId}/play`;

/**
 * Where a seminar's main button leads: the exact place to continue (the chapter opened last, its
 * video at the saved second: `?v=&t=`), else the first chapter not done, else the first one.
 */
export function continuePath(card: LearnSeminar): string | null {
  const c = card.continue;
  if (c) {
    const at = Math.floor(c.position);
    return c.video_id !== null && at > 0
      ? `${play(card.seminar_id, c.chapter_id)}?v=${c.video_id}&t=${at}`
      : play(card.seminar_id, c.chapter_id);
  }
  const target =
    card.state === 'not_started' ? card.first_chapter_id : (card.next_chapter_id ?? card.first_chapter_id);
  return target === null ? null : play(card.seminar_id, target);
}
