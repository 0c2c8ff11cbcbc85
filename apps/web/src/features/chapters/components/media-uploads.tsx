import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviousUpload } from 'tus-js-client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, InputField } from '@/components/ui/field';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { acceptFor, checkMediaFile, extensionList } from '@/lib/file-checks';
import { formatPercent } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { isAbortError } from '@/lib/upload';
import { chapterKeys } from '../api/keys';
import {
  discardUpload,
  formatDuration,
  formatSpeed,
  type ResumableUpload,
  startResumableUpload,
  TUS_DOC_THRESHOLD,
  type UploadKind,
  type UploadStatus,
  unfinishedUploads,
} from '../api/resumable-upload';
import { useStoreDocs } from '../api/store-docs';
import { useUploadRun } from './use-upload-run';

interface UploadProps {
  seminarId: number;
  chapterId: number;
  maxMb: number;
}

/** The message of a failed upload: the field error of the answer (422 `media.type`) or its message (413). */
function uploadError(error: unknown, field: string): string {
  if (isApiError(error)) return error.errors[field]?.[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function FileInput({
  id,
  label,
  accept,
  multiple,
  onChange,
  inputRef,
  names,
  error,
  help,
  disabled,
  testId,
}: {
  id: string;
  label: string;
  accept: string;
  multiple?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  names: string;
  error?: string;
  help: string;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} id={id} error={error} help={help}>
      <div className="file has-name is-fullwidth">
        <label className="file-label">
          <input
            ref={inputRef}
            id={id}
            className="file-input"
            type="file"
            accept={accept}
            multiple={multiple}
            onChange={onChange}
            disabled={disabled}
            aria-describedby={[`${id}-help`, error && `${id}-error`].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
            data-testid={testId}
          />
          <span className="file-cta">
            <span className="file-label">{multiple ? t('media.chooseFiles') : t('media.chooseFile')}</span>
          </span>
          <span className="file-name">{names || t('media.noFile')}</span>
        </label>
      </div>
    </Field>
  );
}

/** Upload of one or more documents (`docs`), checked by extension and size before sending. */
export function DocsUpload({ seminarId, chapterId, maxMb }: UploadProps) {
  const { t } = useTranslation();
  const store = useStoreDocs();
  const run = useUploadRun();
  const resumable = useResumable(chapterId, 'doc');
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = `docs${useId().replace(/:/g, '')}`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const problems = chosen.map((file) => checkMediaFile(file, 'doc', maxMb)).filter(Boolean);
    setError(problems[0] ?? undefined);
    setFiles(problems.length ? [] : chosen);
    if (problems.length) event.target.value = '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) {
      setError(t('media.noFileChosen'));
      return;
    }
    setError(undefined);
    // small documents in one request; large ones resumable (tus), one after the other
    const small = files.filter((f) => f.size <= TUS_DOC_THRESHOLD);
    const large = files.filter((f) => f.size > TUS_DOC_THRESHOLD);
    const refetch = () => queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) });
    try {
      for (const f of large) await resumable.run(f, undefined, refetch);
    } catch (err) {
      if (isAbortError(err)) notify('info', t('upload.canceled'));
      else setError(uploadError(err, 'docs'));
      return;
    }
    if (small.length === 0) {
      notify('success', t('media.docsUploaded', { count: files.length }));
      setFiles([]);
      if (input.current) input.current.value = '';
      return;
    }
    const signal = run.start();
    try {
      await store.mutateAsync({ seminarId, chapterId, files: small, onProgress: run.onProgress, signal });
      notify('success', t('media.docsUploaded', { count: files.length }));
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (err) {
      if (isAbortError(err)) notify('info', t('upload.canceled'));
      else setError(uploadError(err, 'docs'));
    } finally {
      run.finish();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="docs-form" className="mb-4">
      {resumable.status === null ? (
        <UnfinishedUploads uploads={resumable.unfinished} onDiscarded={resumable.refresh} testId="docs" />
      ) : null}
      <FileInput
        id={id}
        label={t('media.docsLabel')}
        accept={acceptFor('doc')}
        multiple
        onChange={onChange}
        inputRef={input}
        names={files.map((file) => file.name).join(', ')}
        error={error}
        help={t('media.docsHelp', { types: extensionList('doc'), max: maxMb })}
        disabled={run.running || resumable.status !== null}
        testId="docs-input"
      />
      {resumable.status ? (
        <ResumableProgress
          status={resumable.status}
          label={t('media.docsUploading')}
          paused={resumable.paused}
          stalled={resumable.stalled}
          onPause={resumable.pause}
          onResume={resumable.resume}
          onCancel={resumable.cancel}
          testId="docs-resumable"
        />
      ) : run.percent !== null ? (
        <UploadProgress
          percent={run.percent}
          label={t('media.docsUploading')}
          onCancel={run.cancel}
          testId="docs"
        />
      ) : (
        <Button type="submit" variant="primary" disabled={files.length === 0} data-testid="docs-upload">
          {t('media.uploadDocs')}
        </Button>
      )}
    </form>
  );
}

/** Progress of a resumable upload: percent, speed, time left, pause/resume and cancel. */
function ResumableProgress({
  status,
  label,
  paused,
  stalled,
  onPause,
  onResume,
  onCancel,
  testId,
}: {
  status: UploadStatus;
  label: string;
  paused: boolean;
  stalled: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const details = [
    status.speed !== null && !paused && !stalled
      ? t('upload.speed', { speed: formatSpeed(status.speed, i18n.language) })
      : null,
    status.secondsLeft !== null && !paused && !stalled
      ? t('upload.timeLeft', { time: formatDuration(status.secondsLeft) })
      : null,
    paused ? t('upload.paused') : null,
    stalled ? t('upload.stalled') : null,
  ].filter(Boolean);
  return (
    <div className="upload-progress mb-2" data-testid={`${testId}-progress`}>
      <div className="is-flex is-justify-content-space-between is-align-items-center mb-1">
        <span aria-live="polite" data-testid={`${testId}-percent`}>
          {t('upload.progress', { label, percent: formatPercent(status.percent, locale) })}
        </span>
        <span className="buttons mb-0">
          {paused || stalled ? (
            <Button size="small" variant="light" onClick={onResume} data-testid={`${testId}-resume`}>
              {t('upload.resume')}
            </Button>
          ) : (
            <Button size="small" variant="light" onClick={onPause} data-testid={`${testId}-pause`}>
              {t('upload.pause')}
            </Button>
          )}
          <Button size="small" variant="light" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('upload.cancel')}
          </Button>
        </span>
      </div>
      <progress className="progress is-primary mb-1" value={status.percent} max={100} aria-label={label}>
        {formatPercent(status.percent, locale)}
      </progress>
      <p className="help" data-testid={`${testId}-details`}>
        {details.join(' · ')}
      </p>
    </div>
  );
}

const mb = (bytes: number | null) => Math.max(1, Math.round((bytes ?? 0) / 1_000_000));

/**
 * The uploads this browser began for the chapter and did not finish (reload, closed browser,
 * lost network): choosing the same file again resumes it; discarding cancels it on the server.
 */
function UnfinishedUploads({
  uploads,
  onDiscarded,
  testId,
}: {
  uploads: PreviousUpload[];
  onDiscarded: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PreviousUpload | null>(null);
  const [busy, setBusy] = useState(false);
  if (uploads.length === 0) return null;
  return (
    <div className="notification is-warning is-light py-2 px-3 mb-3" data-testid={`${testId}-unfinished`}>
      <p className="mb-1">{t('upload.unfinishedIntro')}</p>
      <ul>
        {uploads.map((u) => (
          <li
            key={u.urlStorageKey}
            className="is-flex is-align-items-center is-justify-content-space-between"
          >
            <span>{t('upload.unfinishedItem', { name: u.metadata.filename ?? '', mb: mb(u.size) })}</span>
            <Button
              size="small"
              variant="light"
              onClick={() => setPending(u)}
              data-testid={`${testId}-discard`}
            >
              {t('upload.discard')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        title={t('upload.discardTitle')}
        confirmLabel={t('upload.discard')}
        busy={busy}
        onConfirm={async () => {
          if (!pending) return;
          setBusy(true);
          await discardUpload(pending);
          setBusy(false);
          setPending(null);
          onDiscarded();
        }}
        onCancel={() => setPending(null)}
      >
        <p>{t('upload.discardConfirm', { name: pending?.metadata.filename ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}

/** One resumable upload at a time: its state and controls (leaving the page pauses it). */
function useResumable(chapterId: number, kind: UploadKind) {
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const [paused, setPaused] = useState(false);
  const [stalled, setStalled] = useState(false);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const current = useRef<ResumableUpload | null>(null);
  const refresh = useCallback(() => {
    void unfinishedUploads(chapterId, kind).then(setUnfinished);
  }, [chapterId, kind]);
  useEffect(() => {
    refresh();
    return () => current.current?.pause();
  }, [refresh]);

  /** uploads `file`; the bar stays (at 100 %) until `after` (the list's refetch) is done */
  const run = async (file: File, label?: string, after?: () => Promise<unknown>) => {
    setPaused(false);
    setStalled(false);
    setStatus({ percent: 0, bytesSent: 0, bytesTotal: file.size, speed: null, secondsLeft: null });
    const upload = startResumableUpload({
      file,
      chapterId,
      kind,
      label,
      onStatus: setStatus,
      onStalled: () => setStalled(true),
    });
    current.current = upload;
    try {
      return await upload.done;
    } finally {
      current.current = null;
      await after?.().catch(() => undefined);
      setStatus(null);
      refresh();
    }
  };
  return {
    status,
    paused,
    stalled,
    unfinished,
    refresh,
    run,
    pause: () => {
      current.current?.pause();
      setPaused(true);
    },
    resume: () => {
      setPaused(false);
      setStalled(false);
      current.current?.resume();
    },
    cancel: () => void current.current?.cancel(),
  };
}

/**
 * Upload of a video with an optional label: resumable (tus), so a dropped connection, a reload
 * or a closed browser does not lose what was sent.
 */
export function VideoUpload({ seminarId, chapterId, maxMb }: UploadProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useResumable(chapterId, 'video');
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = `video${useId().replace(/:/g, '')}`;
  const running = upload.status !== null;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkMediaFile(chosen, 'video', maxMb) : null;
    setError(problem ?? undefined);
    setFile(problem ? null : chosen);
    if (problem) event.target.value = '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('media.noFileChosen'));
      return;
    }
    setError(undefined);
    const refetch = () => queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) });
    try {
      await upload.run(file, label.trim() || undefined, refetch);
      notify('success', t('media.videoUploaded'));
      setFile(null);
      setLabel('');
      if (input.current) input.current.value = '';
    } catch (err) {
      if (isAbortError(err)) notify('info', t('upload.canceled'));
      else setError(uploadError(err, 'video'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="video-form" className="mb-4">
      {!running ? (
        <UnfinishedUploads uploads={upload.unfinished} onDiscarded={upload.refresh} testId="video" />
      ) : null}
      <InputField
        label={t('media.videoTitle')}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        maxLength={200}
        id={`${id}-label`}
        disabled={running}
        data-testid="video-label"
      />
      <FileInput
        id={id}
        label={t('media.videoLabel')}
        accept={acceptFor('video')}
        onChange={onChange}
        inputRef={input}
        names={file?.name ?? ''}
        error={error}
        help={t('media.videoHelp', { types: extensionList('video'), max: maxMb })}
        disabled={running}
        testId="video-input"
      />
      {upload.status ? (
        <ResumableProgress
          status={upload.status}
          label={t('media.videoUploading')}
          paused={upload.paused}
          stalled={upload.stalled}
          onPause={upload.pause}
          onResume={upload.resume}
          onCancel={upload.cancel}
          testId="video"
        />
      ) : (
        <Button type="submit" variant="primary" disabled={!file} data-testid="video-upload">
          {t('media.uploadVideo')}
        </Button>
      )}
    </form>
  );
}
