import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notification } from '@/components/ui/notification';
import { notify } from '@/lib/notifications';
import { useReorderChapters } from '../api/reorder-chapters';
import type { SideMenuEntry } from '../types';
import {
  canIndent,
  canMoveDown,
  canMoveUp,
  canOutdent,
  findNode,
  indent,
  moveBefore,
  moveDown,
  moveTo,
  moveUp,
  orderOf,
  outdent,
  sameOrder,
  type TreeNode,
  treeFromMenu,
} from './reorder';

type Action = 'up' | 'down' | 'indent' | 'outdent';

/**
 * Reordering of chapters and sub-chapters: drag and drop (HTML5) or, with the keyboard, the
 * labelled move buttons of each row; saved as one `PATCH /api/chapters/reorder`.
 */
export function ChapterPositionEditor({
  seminarId,
  entries,
  onSaved,
}: {
  seminarId: number;
  entries: SideMenuEntry[];
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState(() => treeFromMenu(entries));
  const [tree, setTree] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const [dragId, setDragId] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const focusAfter = useRef<{ id: number; action: Action } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const reorder = useReorderChapters();
  const dirty = !sameOrder(tree, initial);

  // keep the focus on the moved chapter's button (its row may have moved to another list)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the tree on purpose
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target || !listRef.current) return;
    const order: Action[] = [target.action, 'up', 'down', 'indent', 'outdent'];
    for (const action of order) {
      const button = listRef.current.querySelector<HTMLButtonElement>(
        `[data-testid="position-${action}-${target.id}"]`,
      );
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }, [tree]);

  const apply = (id: number, action: Action) => {
    const node = findNode(tree, id);
    if (!node) return;
    const ops = { up: moveUp, down: moveDown, indent, outdent };
    const next = ops[action](tree, id);
    if (next === tree) return;
    focusAfter.current = { id, action };
    setTree(next);
    setError(null);
    setAnnouncement(t(`chapter.position.moved.${action}`, { label: node.label }));
  };

  const save = () => {
    setError(null);
    reorder.mutate(
      { seminar_id: seminarId, order: orderOf(tree) },
      {
        onSuccess: () => {
          setInitial(tree);
          notify('success', t('chapter.position.saved'));
          onSaved?.();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  // ---- drag and drop ----
  const onDragStart = (event: DragEvent, id: number) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(id));
    setDragId(id);
  };
  const onDragEnd = () => {
    setDragId(null);
    setDropTarget(null);
  };
  const allowDrop = (event: DragEvent, key: string, valid: boolean) => {
    if (!valid) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== key) setDropTarget(key);
  };
  const dropped = (event: DragEvent, move: (id: number) => TreeNode[]) => {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData('text/plain')) || dragId;
    setDragId(null);
    setDropTarget(null);
    if (!id) return;
    const node = findNode(tree, id);
    const next = move(id);
    if (next !== tree && node) {
      setTree(next);
      setAnnouncement(t('chapter.position.movedDrop', { label: node.label }));
    }
  };
  const dragged = dragId !== null ? findNode(tree, dragId) : null;
  const canDropInto = (parentId: number) =>
    !!dragged && dragged.id !== parentId && dragged.children.length === 0;

  if (tree.length === 0) {
    return <EmptyState title={t('chapter.position.empty')} />;
  }

  const row = (node: TreeNode, parentId: number | null) => {
    const key = `row-${node.id}`;
    const validDrop =
      !!dragged &&
      dragged.id !== node.id &&
      (parentId === null || dragged.children.length === 0) &&
      dragged.id !== parentId;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop is the pointer way; the buttons are the keyboard way
      <div
        className={[
          'position-row box',
          dragId === node.id && 'is-dragging',
          dropTarget === key && 'is-drop-target',
        ]
          .filter(Boolean)
          .join(' ')}
        draggable
        onDragStart={(event) => onDragStart(event, node.id)}
        onDragEnd={onDragEnd}
        onDragOver={(event) => allowDrop(event, key, validDrop)}
        onDragLeave={() => dropTarget === key && setDropTarget(null)}
        onDrop={(event) => dropped(event, (id) => moveBefore(tree, id, node.id))}
        data-testid={`position-item-${node.id}`}
      >
        <span className="position-handle" aria-hidden="true">
          ⠿
        </span>
        <span className="position-label">{node.label}</span>
        <span className="buttons are-small has-addons position-buttons">
          <Button
            size="small"
            aria-label={t('chapter.position.up', { label: node.label })}
            title={t('chapter.position.up', { label: node.label })}
            disabled={!canMoveUp(tree, node.id)}
            onClick={() => apply(node.id, 'up')}
            data-testid={`position-up-${node.id}`}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={t('chapter.position.down', { label: node.label })}
            title={t('chapter.position.down', { label: node.label })}
            disabled={!canMoveDown(tree, node.id)}
            onClick={() => apply(node.id, 'down')}
            data-testid={`position-down-${node.id}`}
          >
            ↓
          </Button>
          <Button
            size="small"
            aria-label={t('chapter.position.indent', { label: node.label })}
            title={t('chapter.position.indent', { label: node.label })}
            disabled={!canIndent(tree, node.id)}
            onClick={() => apply(node.id, 'indent')}
            data-testid={`position-indent-${node.id}`}
          >
            →
          </Button>
          <Button
            size="small"
            aria-label={t('chapter.position.outdent', { label: node.label })}
            title={t('chapter.position.outdent', { label: node.label })}
            disabled={!canOutdent(tree, node.id)}
            onClick={() => apply(node.id, 'outdent')}
            data-testid={`position-outdent-${node.id}`}
          >
            ←
          </Button>
        </span>
      </div>
    );
  };

  return (
    <div ref={listRef} data-testid="position-editor">
      <p className="mb-4">{t('chapter.position.help')}</p>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          {error}
        </Notification>
      ) : null}
      <ol className="position-list" aria-label={t('chapter.position.listLabel')} data-testid="position-list">
        {tree.map((node) => (
          <li key={node.id} data-chapter-id={node.id}>
            {row(node, null)}
            {node.children.length > 0 || (dragged && canDropInto(node.id)) ? (
              <ol
                className="position-sublist"
                aria-label={t('chapter.position.subListLabel', { label: node.label })}
              >
                {node.children.map((child) => (
                  <li key={child.id} data-chapter-id={child.id}>
                    {row(child, node.id)}
                  </li>
                ))}
                {dragged && canDropInto(node.id) ? (
                  <li
                    className={['position-dropzone', dropTarget === `sub-${node.id}` && 'is-drop-target']
                      .filter(Boolean)
                      .join(' ')}
                    onDragOver={(event) => allowDrop(event, `sub-${node.id}`, true)}
                    onDrop={(event) =>
                      dropped(event, (id) => moveTo(tree, id, node.id, Number.MAX_SAFE_INTEGER))
                    }
                  >
                    {t('chapter.position.dropAsSub', { label: node.label })}
                  </li>
                ) : null}
              </ol>
            ) : null}
          </li>
        ))}
        {dragged ? (
          <li
            className={['position-dropzone', dropTarget === 'end' && 'is-drop-target']
              .filter(Boolean)
              .join(' ')}
            onDragOver={(event) => allowDrop(event, 'end', true)}
            onDrop={(event) => dropped(event, (id) => moveTo(tree, id, null, Number.MAX_SAFE_INTEGER))}
          >
            {t('chapter.position.dropAtEnd')}
          </li>
        ) : null}
      </ol>
      <p className="is-sr-only" aria-live="polite" data-testid="position-announcement">
        {announcement}
      </p>
      <div className="buttons mt-5">
        <Button
          variant="primary"
          onClick={save}
          isLoading={reorder.isPending}
          disabled={!dirty}
          data-testid="position-save"
        >
          {t('chapter.position.save')}
        </Button>
        <Button
          onClick={() => {
            setTree(initial);
            setAnnouncement(t('chapter.position.resetDone'));
          }}
          disabled={!dirty || reorder.isPending}
          data-testid="position-reset"
        >
          {t('chapter.position.reset')}
        </Button>
      </div>
    </div>
  );
}
