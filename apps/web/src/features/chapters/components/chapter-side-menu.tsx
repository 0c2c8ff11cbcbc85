import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import type { SideMenuEntry } from '../types';

export type ChapterMenuMode = 'play' | 'edit';

export const chapterPaths = {
  play: (sid: number, cid: number) => `/seminar/id/${sid}/chapter/${cid}/play`,
  edit: (sid: number, cid: number) => `/seminar/id/${sid}/chapter/${cid}`,
  editSub: (sid: number, cid: number, scid: number) => `/seminar/id/${sid}/chapter/${cid}/subChapter/${scid}`,
  newChapter: (sid: number) => `/seminar/id/${sid}/chapter/new`,
  newSub: (sid: number, cid: number) => `/seminar/id/${sid}/chapter/${cid}/newSub`,
  subList: (sid: number, cid: number) => `/seminar/id/${sid}/chapter/${cid}/subChapter`,
  position: (sid: number) => `/seminar/id/${sid}/chapter/position`,
};

/** The top-level chapter that is or holds `chapterId`. */
export function topLevelOf(entries: SideMenuEntry[], chapterId: number | null): SideMenuEntry | null {
  if (chapterId === null) return null;
  return (
    entries.find(
      (entry) => entry.id === chapterId || entry.sub_chapters.some((sub) => sub.id === chapterId),
    ) ?? null
  );
}

export interface ChapterSideMenuProps {
  seminarId: number;
  entries: SideMenuEntry[];
  currentId: number | null;
  /** Owners get edit links (outside the play page) and the new chapter / sub-chapter entries. */
  isOwner: boolean;
  mode: ChapterMenuMode;
  /** a learner's done chapters (issue 16): marked with a check */
  doneIds?: ReadonlySet<number>;
}

/**
 * The chapter layout's side menu (spec section 2): chapters by position, each with a button to
 * expand or collapse its sub-chapters; owners also get "new chapter", "new sub-chapter" and
 * "change order".
 */
export function ChapterSideMenu({
  seminarId,
  entries,
  currentId,
  isOwner,
  mode,
  doneIds,
}: ChapterSideMenuProps) {
  const { t } = useTranslation();
  const current = topLevelOf(entries, currentId);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(current ? [current.id] : []));

  // the chapter being looked at shows its sub-chapters
  useEffect(() => {
    if (current) setExpanded((open) => (open.has(current.id) ? open : new Set([...open, current.id])));
  }, [current]);

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const hrefOf = (id: number, parentId: number | null) => {
    if (mode === 'play' || !isOwner) return chapterPaths.play(seminarId, id);
    return parentId === null
      ? chapterPaths.edit(seminarId, id)
      : chapterPaths.editSub(seminarId, parentId, id);
  };

  const done = (id: number) =>
    doneIds?.has(id) ? (
      <span className="has-text-success ml-2" data-testid="chapter-menu-done">
        <span aria-hidden="true">✓</span>
        <span className="is-sr-only">{t('chapter.done')}</span>
      </span>
    ) : null;

  const locked = (unlocked: 0 | 1) =>
    unlocked === 0 ? (
      <span className="tag is-warning is-light is-small ml-2 chapter-lock-tag">{t('chapter.locked')}</span>
    ) : null;

  // the owner's list marks the free previews (the players' player shows them as open chapters)
  const preview = (on: boolean) =>
    isOwner && on ? (
      <span className="tag is-info is-light is-small ml-2" data-testid="chapter-preview-badge">
        {t('chapter.previewBadge')}
      </span>
    ) : null;

  return (
    <nav
      className="menu chapter-side-menu"
      aria-label={t('chapter.menu.label')}
      data-testid="chapter-side-menu"
    >
      <p className="menu-label">{t('chapter.menu.chapters')}</p>
      {entries.length === 0 ? (
        <p className="is-size-7 has-text-grey mb-3" data-testid="chapter-menu-empty">
          {t('chapter.menu.empty')}
        </p>
      ) : null}
      <ul className="menu-list">
        {entries.map((entry) => {
          const open = expanded.has(entry.id);
          const subId = `chapter-sub-${entry.id}`;
          const hasSubs = entry.sub_chapters.length > 0 || isOwner;
          return (
            <li key={entry.id} data-testid="chapter-menu-item" data-chapter-id={entry.id}>
              <div className="chapter-menu-row">
                <AppLink
                  to={hrefOf(entry.id, null)}
                  className={entry.id === currentId ? 'is-active' : undefined}
                  aria-current={entry.id === currentId ? 'page' : undefined}
                >
                  {entry.label}
                  {done(entry.id)}
                  {preview(entry.preview)}
                  {locked(entry.unlocked)}
                </AppLink>
                {hasSubs ? (
                  <button
                    type="button"
                    className="button is-small is-white chapter-menu-toggle"
                    aria-expanded={open}
                    aria-controls={subId}
                    aria-label={
                      open
                        ? t('chapter.menu.collapse', { label: entry.label })
                        : t('chapter.menu.expand', { label: entry.label })
                    }
                    onClick={() => toggle(entry.id)}
                    data-testid="chapter-menu-toggle"
                  >
                    <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                  </button>
                ) : null}
              </div>
              {hasSubs ? (
                <ul id={subId} hidden={!open} data-testid="chapter-submenu">
                  {entry.sub_chapters.map((sub) => (
                    <li key={sub.id} data-testid="chapter-submenu-item" data-chapter-id={sub.id}>
                      <AppLink
                        to={hrefOf(sub.id, entry.id)}
                        className={sub.id === currentId ? 'is-active' : undefined}
                        aria-current={sub.id === currentId ? 'page' : undefined}
                      >
                        {sub.label}
                        {done(sub.id)}
                        {preview(sub.preview)}
                        {locked(sub.unlocked)}
                      </AppLink>
                    </li>
                  ))}
                  {isOwner ? (
                    <li>
                      <AppLink
                        to={chapterPaths.newSub(seminarId, entry.id)}
                        className="chapter-menu-new"
                        data-testid="chapter-menu-new-sub"
                      >
                        {t('chapter.menu.newSub')}
                      </AppLink>
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      {isOwner ? (
        <>
          <p className="menu-label">{t('chapter.menu.manage')}</p>
          <ul className="menu-list">
            <li>
              <AppLink to={chapterPaths.newChapter(seminarId)} data-testid="chapter-menu-new">
                {t('chapter.menu.newChapter')}
              </AppLink>
            </li>
            {current ? (
              <li>
                <AppLink
                  to={chapterPaths.newSub(seminarId, current.id)}
                  data-testid="chapter-menu-new-sub-current"
                >
                  {t('chapter.menu.newSubOf', { label: current.label })}
                </AppLink>
              </li>
            ) : null}
            <li>
              <AppLink to={chapterPaths.position(seminarId)} data-testid="chapter-menu-position">
                {t('chapter.menu.position')}
              </AppLink>
            </li>
          </ul>
        </>
      ) : null}
      <p className="menu-label">{t('chapter.menu.seminar')}</p>
      <ul className="menu-list">
        <li>
          <AppLink to={`/seminar/id/${seminarId}`} data-testid="chapter-menu-seminar">
            {t('chapter.menu.backToSeminar')}
          </AppLink>
        </li>
      </ul>
    </nav>
  );
}
