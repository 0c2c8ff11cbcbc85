import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Copies `text`: the Clipboard API where the page may use it, else the selected input's text. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // not allowed here (no secure context, no permission): fall back to the selection
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A link in a read-only field with a copy button; the result ("copied" or "select and copy it
 * yourself") is announced politely.
 */
export function CopyField({
  value,
  label,
  testId = 'copy-field',
}: {
  value: string;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = `copy${useId().replace(/:/g, '')}`;
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <div className="field" data-testid={testId}>
      <label className="label is-sr-only" htmlFor={id}>
        {label}
      </label>
      <div className="field has-addons mb-1">
        <div className="control is-expanded">
          <input
            ref={inputRef}
            id={id}
            className="input is-family-monospace"
            type="text"
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            data-testid={`${testId}-input`}
          />
        </div>
        <div className="control">
          <Button
            variant="primary"
            onClick={async () => setState((await copyText(value, inputRef.current)) ? 'copied' : 'failed')}
            data-testid={`${testId}-copy`}
          >
            {t('company.copy.button')}
          </Button>
        </div>
      </div>
      <p className="help" role="status" data-testid={`${testId}-status`}>
        {state === 'copied' ? t('company.copy.done') : state === 'failed' ? t('company.copy.failed') : ''}
      </p>
    </div>
  );
}
