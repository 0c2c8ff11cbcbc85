import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, InputField } from '@/components/ui/field';
import { UploadProgress } from '@/components/ui/upload-progress';
import { isApiError } from '@/lib/api-client';
import { acceptFor, checkMediaFile, extensionList } from '@/lib/file-checks';
import { notify } from '@/lib/notifications';
import { isAbortError } from '@/lib/upload';
import { useStoreDocs } from '../api/store-docs';
import { useStoreVideo } from '../api/store-video';
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
    const signal = run.start();
    try {
      await store.mutateAsync({ seminarId, chapterId, files, onProgress: run.onProgress, signal });
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
        disabled={run.running}
        testId="docs-input"
      />
      {run.percent !== null ? (
        <UploadProgress
          percent={run.percent}
          label={t('media.docsUploading')}
          onCancel={run.cancel}
          testId="docs"
        />
      ) : (
        <Button
          type="submit"
          variant="primary"
          size="small"
          disabled={files.length === 0}
          data-testid="docs-upload"
        >
          {t('media.uploadDocs')}
        </Button>
      )}
    </form>
  );
}

/** Upload of a video with an optional label. */
export function VideoUpload({ seminarId, chapterId, maxMb }: UploadProps) {
  const { t } = useTranslation();
  const store = useStoreVideo();
  const run = useUploadRun();
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = `video${useId().replace(/:/g, '')}`;

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
    const signal = run.start();
    try {
      await store.mutateAsync({
        seminarId,
        chapterId,
        file,
        label: label.trim() || undefined,
        onProgress: run.onProgress,
        signal,
      });
      notify('success', t('media.videoUploaded'));
      setFile(null);
      setLabel('');
      if (input.current) input.current.value = '';
    } catch (err) {
      if (isAbortError(err)) notify('info', t('upload.canceled'));
      else setError(uploadError(err, 'video'));
    } finally {
      run.finish();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="video-form" className="mb-4">
      <InputField
        label={t('media.videoTitle')}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        maxLength={200}
        id={`${id}-label`}
        disabled={run.running}
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
        disabled={run.running}
        testId="video-input"
      />
      {run.percent !== null ? (
        <UploadProgress
          percent={run.percent}
          label={t('media.videoUploading')}
          onCancel={run.cancel}
          testId="video"
        />
      ) : (
        <Button type="submit" variant="primary" size="small" disabled={!file} data-testid="video-upload">
          {t('media.uploadVideo')}
        </Button>
      )}
    </form>
  );
}
