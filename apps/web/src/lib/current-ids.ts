/**
 * App state of spec section 4 ("current state holders"): the seminar and the chapter the user
 * is working in. The seminar and chapter layouts set them from the route; they stay known while
 * the user moves between the pages of one seminar (e.g. the "play" tab of an edit page goes to the
 * chapter last looked at).
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface CurrentIds {
  seminarId: number | null;
  chapterId: number | null;
}

let state: CurrentIds = { seminarId: null, chapterId: null };
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getCurrentIds(): CurrentIds {
  return state;
}

/** Sets the current seminar; another seminar forgets the chapter of the previous one. */
export function setCurrentSeminarId(id: number | null): void {
  if (state.seminarId === id) return;
  state = { seminarId: id, chapterId: null };
  emit();
}

export function setCurrentChapterId(id: number | null): void {
  if (state.chapterId === id) return;
  state = { ...state, chapterId: id };
  emit();
}

export function resetCurrentIds(): void {
  state = { seminarId: null, chapterId: null };
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentIds(): CurrentIds {
  return useSyncExternalStore(subscribe, getCurrentIds, getCurrentIds);
}

/** A positive integer route parameter, else null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

/** Layouts: keeps the current ids in line with the route (`sid`, and `scid` or `cid`). */
export function useSyncCurrentIds(params: { sid?: string; cid?: string; scid?: string }): void {
  const seminarId = idParam(params.sid);
  const chapterId = idParam(params.scid) ?? idParam(params.cid);
  useEffect(() => {
    setCurrentSeminarId(seminarId);
    if (chapterId !== null) setCurrentChapterId(chapterId);
  }, [seminarId, chapterId]);
}
