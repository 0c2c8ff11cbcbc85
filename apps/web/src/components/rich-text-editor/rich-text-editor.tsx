/**
 * A small rich-text editor: a contentEditable area with a toolbar (bold, italic, headings,
 * paragraph, lists, link). It uses the browser's editing commands (`document.execCommand`),
 * so it needs no library; pasted content arrives as plain text. The server sanitizes the HTML
 * it stores. Loaded lazily (see ./index.tsx) so that only the edit pages download it.
 */
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  /** id of the editable area */
  id: string;
  /** id of the element that labels the editor */
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
}

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';
type Block = 'h2' | 'h3' | 'p';

/**
 * Toolbar icons (Material Design icons, Apache License 2.0, 24 × 24). An icon has no text, so
 * the button's name is its label alone and cannot contradict a visible text (axe
 * `label-content-name-mismatch`, issue 14); the label is also the button's tooltip.
 */
const ICONS = {
  ul: 'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5zm0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5zm0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5zM7 19h14v-2H7v2zm0-6h14v-2H7v2zm0-8v2h14V5H7z',
  ol: 'M2 17h2v.5H3v1h1v.5H2v1h3v-4H2v1zm1-9h1V4H2v1h1v3zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2v1zm5-6v2h14V5H7zm0 14h14v-2H7v2zm0-6h14v-2H7v2z',
  link: 'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z',
  unlink:
    'M17 7h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1 0 1.43-.98 2.63-2.31 2.98l1.46 1.46C20.88 15.61 22 13.95 22 12c0-2.76-2.24-5-5-5zm-1 4h-2.19l2 2H16zM2 4.27l3.11 3.11C3.29 8.12 2 9.91 2 12c0 2.76 2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1 0-1.59 1.21-2.9 2.76-3.07L8.73 11H8v2h2.73L13 15.27V17h1.73l4.01 4L20 19.74 3.27 3 2 4.27z',
} as const;

function ToolIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="rich-text-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="currentColor" />
    </svg>
  );
}

const canEdit = () => typeof document !== 'undefined' && typeof document.execCommand === 'function';

function exec(command: string, value?: string): void {
  if (!canEdit()) return;
  document.execCommand(command, false, value);
}

function queryState(command: Command): boolean {
  try {
    return typeof document.queryCommandState === 'function' && document.queryCommandState(command);
  } catch {
    return false;
  }
}

/** An empty editor leaves `<br>` or `<p><br></p>` behind; that is no content. */
export function normalizeHtml(html: string): string {
  const stripped = html.replace(/<br\s*\/?>/gi, '').replace(/<(p|div)>\s*<\/\1>/gi, '');
  return stripped.trim() === '' ? '' : html;
}

/** Links may only be http(s) or mailto; a bare host gets https://. */
export function normalizeLink(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export default function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  describedBy,
  invalid,
  testId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const areaRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<Command, boolean>>({
    bold: false,
    italic: false,
    insertUnorderedList: false,
    insertOrderedList: false,
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState(false);
  const linkInputId = `link${useId().replace(/:/g, '')}`;

  // the area is uncontrolled while typing; outside changes (reset, loaded data) are written in
  useEffect(() => {
    const area = areaRef.current;
    if (area && normalizeHtml(area.innerHTML) !== value && document.activeElement !== area) {
      area.innerHTML = value;
    }
  }, [value]);

  const refreshState = useCallback(() => {
    setActive({
      bold: queryState('bold'),
      italic: queryState('italic'),
      insertUnorderedList: queryState('insertUnorderedList'),
      insertOrderedList: queryState('insertOrderedList'),
    });
  }, []);

  const emit = () => {
    const area = areaRef.current;
    if (area) onChange(normalizeHtml(area.innerHTML));
  };

  const run = (command: string, arg?: string) => {
    areaRef.current?.focus();
    exec('styleWithCSS', 'false');
    exec(command, arg);
    emit();
    refreshState();
  };

  const block = (tag: Block) => run('formatBlock', `<${tag}>`);

  const saveSelection = () => {
    const selection = window.getSelection();
    const area = areaRef.current;
    if (selection && selection.rangeCount > 0 && area?.contains(selection.anchorNode)) {
      savedRange.current = selection.getRangeAt(0).cloneRange();
    } else {
      savedRange.current = null;
    }
  };

  const openLink = () => {
    saveSelection();
    setLinkText('');
    setLinkError(false);
    setLinkOpen(true);
  };

  const applyLink = (event?: FormEvent) => {
    event?.preventDefault();
    const url = normalizeLink(linkText);
    if (!url) {
      setLinkError(true);
      return;
    }
    const area = areaRef.current;
    area?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) {
      exec('createLink', url);
    } else {
      // nothing selected: the address itself becomes the linked text
      const safe = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      exec('insertHTML', `<a href="${safe}">${safe}</a>`);
    }
    setLinkOpen(false);
    emit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      openLink();
    }
  };

  const tool = (
    label: string,
    onClick: () => void,
    content: ReactNode,
    pressed?: boolean,
    testKey?: string,
  ) => (
    <button
      type="button"
      className={['button is-small', pressed && 'is-selected is-link is-light'].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      // keep the selection in the editor while clicking the toolbar
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      data-testid={testKey ? `${testId ?? 'rte'}-${testKey}` : undefined}
    >
      {content}
    </button>
  );

  return (
    <div className={['rich-text', invalid && 'is-danger'].filter(Boolean).join(' ')} data-testid={testId}>
      <div
        className="rich-text-toolbar buttons has-addons mb-0"
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={id}
      >
        {tool(t('editor.bold'), () => run('bold'), 'B', active.bold, 'bold')}
        {tool(t('editor.italic'), () => run('italic'), 'I', active.italic, 'italic')}
        {tool(t('editor.heading2'), () => block('h2'), 'H2', undefined, 'h2')}
        {tool(t('editor.heading3'), () => block('h3'), 'H3', undefined, 'h3')}
        {tool(t('editor.paragraph'), () => block('p'), '¶', undefined, 'p')}
        {tool(
          t('editor.bulletList'),
          () => run('insertUnorderedList'),
          <ToolIcon name="ul" />,
          active.insertUnorderedList,
          'ul',
        )}
        {tool(
          t('editor.numberedList'),
          () => run('insertOrderedList'),
          <ToolIcon name="ol" />,
          active.insertOrderedList,
          'ol',
        )}
        {tool(t('editor.link'), openLink, <ToolIcon name="link" />, undefined, 'link')}
        {tool(t('editor.unlink'), () => run('unlink'), <ToolIcon name="unlink" />, undefined, 'unlink')}
      </div>
      {linkOpen ? (
        <form className="rich-text-link box p-3 mb-0" onSubmit={applyLink} noValidate>
          <label className="label is-small" htmlFor={linkInputId}>
            {t('editor.linkUrl')}
          </label>
          <div className="field has-addons mb-1">
            <div className="control is-expanded">
              <input
                id={linkInputId}
                className={['input is-small', linkError && 'is-danger'].filter(Boolean).join(' ')}
                type="url"
                value={linkText}
                placeholder="https://"
                autoFocus
                aria-invalid={linkError || undefined}
                onChange={(event) => {
                  setLinkText(event.target.value);
                  setLinkError(false);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    event.stopPropagation();
                    setLinkOpen(false);
                    areaRef.current?.focus();
                  }
                }}
              />
            </div>
            <div className="control">
              <button type="submit" className="button is-small is-primary">
                {t('editor.linkApply')}
              </button>
            </div>
            <div className="control">
              <button type="button" className="button is-small" onClick={() => setLinkOpen(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
          {linkError ? (
            <p className="help is-danger" role="alert">
              {t('editor.linkInvalid')}
            </p>
          ) : null}
        </form>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a contentEditable rich-text area is a textbox */}
      <div
        ref={areaRef}
        id={id}
        className={['rich-text-area content input', invalid && 'is-danger'].filter(Boolean).join(' ')}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        tabIndex={0}
        onInput={emit}
        onBlur={() => {
          emit();
          onBlur?.();
        }}
        onKeyUp={refreshState}
        onMouseUp={refreshState}
        onKeyDown={onKeyDown}
        onPaste={(event) => {
          event.preventDefault();
          const text = event.clipboardData.getData('text/plain');
          if (canEdit()) exec('insertText', text);
          emit();
        }}
        data-testid={testId ? `${testId}-area` : undefined}
      />
    </div>
  );
}
