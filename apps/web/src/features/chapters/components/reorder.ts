/**
 * The chapter tree of the position page and its moves. Chapters nest one level deep: a top-level
 * chapter may hold sub-chapters; a chapter with sub-chapters can't become a sub-chapter itself.
 * Every function returns a new tree (or the same one when the move isn't possible).
 */
import type { SideMenuEntry } from '../types';

export interface TreeNode {
  id: number;
  label: string;
  children: TreeNode[];
}

export interface Location {
  parentId: number | null;
  index: number;
  siblings: TreeNode[];
}

export function treeFromMenu(entries: SideMenuEntry[]): TreeNode[] {
  return [...entries]
    .sort((a, b) => a.position - b.position)
    .map((entry) => ({
      id: entry.id,
      label: entry.label,
      children: [...entry.sub_chapters]
        .sort((a, b) => a.position - b.position)
        .map((sub) => ({ id: sub.id, label: sub.label, children: [] })),
    }));
}

export function locate(tree: TreeNode[], id: number): Location | null {
  const top = tree.findIndex((node) => node.id === id);
  if (top >= 0) return { parentId: null, index: top, siblings: tree };
  for (const parent of tree) {
    const index = parent.children.findIndex((node) => node.id === id);
    if (index >= 0) return { parentId: parent.id, index, siblings: parent.children };
  }
  return null;
}

export function findNode(tree: TreeNode[], id: number): TreeNode | null {
  const at = locate(tree, id);
  return at ? (at.siblings[at.index] ?? null) : null;
}

/** Replaces the sibling list of `parentId` (null = top level). */
function withSiblings(tree: TreeNode[], parentId: number | null, siblings: TreeNode[]): TreeNode[] {
  if (parentId === null) return siblings;
  return tree.map((node) => (node.id === parentId ? { ...node, children: siblings } : node));
}

function swap(list: TreeNode[], a: number, b: number): TreeNode[] {
  const next = [...list];
  [next[a], next[b]] = [next[b]!, next[a]!];
  return next;
}

export const canMoveUp = (tree: TreeNode[], id: number) => (locate(tree, id)?.index ?? 0) > 0;

export function canMoveDown(tree: TreeNode[], id: number): boolean {
  const at = locate(tree, id);
  return !!at && at.index < at.siblings.length - 1;
}

/** A top-level chapter without sub-chapters that has a chapter above it. */
export function canIndent(tree: TreeNode[], id: number): boolean {
  const at = locate(tree, id);
  return !!at && at.parentId === null && at.index > 0 && (at.siblings[at.index]?.children.length ?? 1) === 0;
}

export const canOutdent = (tree: TreeNode[], id: number) => locate(tree, id)?.parentId != null;

export function moveUp(tree: TreeNode[], id: number): TreeNode[] {
  const at = locate(tree, id);
  if (!at || at.index === 0) return tree;
  return withSiblings(tree, at.parentId, swap(at.siblings, at.index, at.index - 1));
}

export function moveDown(tree: TreeNode[], id: number): TreeNode[] {
  const at = locate(tree, id);
  if (!at || at.index >= at.siblings.length - 1) return tree;
  return withSiblings(tree, at.parentId, swap(at.siblings, at.index, at.index + 1));
}

/** Makes the chapter the last sub-chapter of the chapter above it. */
export function indent(tree: TreeNode[], id: number): TreeNode[] {
  if (!canIndent(tree, id)) return tree;
  const at = locate(tree, id)!;
  const node = at.siblings[at.index]!;
  const parent = at.siblings[at.index - 1]!;
  return tree
    .filter((item) => item.id !== id)
    .map((item) => (item.id === parent.id ? { ...item, children: [...item.children, node] } : item));
}

/** Makes a sub-chapter a top-level chapter right after its former parent. */
export function outdent(tree: TreeNode[], id: number): TreeNode[] {
  const at = locate(tree, id);
  if (!at || at.parentId === null) return tree;
  const node = at.siblings[at.index]!;
  const next: TreeNode[] = [];
  for (const item of tree) {
    if (item.id === at.parentId) {
      next.push({ ...item, children: item.children.filter((child) => child.id !== id) });
      next.push(node);
    } else {
      next.push(item);
    }
  }
  return next;
}

function remove(tree: TreeNode[], id: number): TreeNode[] {
  return tree
    .filter((node) => node.id !== id)
    .map((node) =>
      node.children.some((child) => child.id === id)
        ? { ...node, children: node.children.filter((child) => child.id !== id) }
        : node,
    );
}

/**
 * Drag and drop: puts `id` at `index` of the list of `parentId` (null = top level; the index
 * counts without the moved chapter). Refused for a chapter with sub-chapters into a sub-list.
 */
export function moveTo(tree: TreeNode[], id: number, parentId: number | null, index: number): TreeNode[] {
  const node = findNode(tree, id);
  if (!node || node.id === parentId) return tree;
  if (parentId !== null && node.children.length > 0) return tree;
  const rest = remove(tree, id);
  if (parentId === null) {
    const at = Math.max(0, Math.min(index, rest.length));
    return [...rest.slice(0, at), node, ...rest.slice(at)];
  }
  const parent = rest.find((item) => item.id === parentId);
  if (!parent) return tree;
  const at = Math.max(0, Math.min(index, parent.children.length));
  return rest.map((item) =>
    item.id === parentId
      ? { ...item, children: [...item.children.slice(0, at), node, ...item.children.slice(at)] }
      : item,
  );
}

/** Drag and drop onto a row: the chapter takes the place of `targetId` (in the target's list). */
export function moveBefore(tree: TreeNode[], id: number, targetId: number): TreeNode[] {
  if (id === targetId) return tree;
  const rest = remove(tree, id);
  const target = locate(rest, targetId);
  if (!target) return tree;
  return moveTo(tree, id, target.parentId, target.index);
}

/** The body's `order`: every chapter once with its parent and its position among siblings. */
export function orderOf(tree: TreeNode[]): { id: number; chapter_id: number | null; position: number }[] {
  return tree.flatMap((node, index) => [
    { id: node.id, chapter_id: null, position: index },
    ...node.children.map((child, childIndex) => ({
      id: child.id,
      chapter_id: node.id,
      position: childIndex,
    })),
  ]);
}

export function sameOrder(a: TreeNode[], b: TreeNode[]): boolean {
  return JSON.stringify(orderOf(a)) === JSON.stringify(orderOf(b));
}
