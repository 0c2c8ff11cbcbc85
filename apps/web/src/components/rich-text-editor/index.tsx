import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '@/components/ui/field';

/** The editor's code is a chunk of its own, fetched only where a rich-text field is shown. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  help?: string;
  id?: string;
  testId?: string;
}

/** A labelled rich-text field (Bulma field markup) around the lazily loaded editor. */
export function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  help,
  id,
  testId,
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const auto = useId().replace(/:/g, '');
  const areaId = id ?? `rte${auto}`;
  const labelId = `${areaId}-label`;
  const text = useFieldMessage(error);
  const describedBy = [help && `${areaId}-help`, text && `${areaId}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <span className="label" id={labelId}>
        {label}
      </span>
      <div className="control">
        <Suspense
          fallback={
            <div className="rich-text-loading" role="status">
              {t('editor.loading')}
            </div>
          }
        >
          <RichTextEditor
            id={areaId}
            labelId={labelId}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            describedBy={describedBy || undefined}
            invalid={Boolean(text)}
            testId={testId}
          />
        </Suspense>
      </div>
      {help ? (
        <p className="help" id={`${areaId}-help`}>
          {help}
        </p>
      ) : null}
      {text ? (
        <p className="help is-danger" id={`${areaId}-error`} role="alert">
          {text}
        </p>
      ) : null}
    </div>
  );
}
