import { useCallback, useEffect, useRef, useState } from 'react';

/** The state of one running upload: its percent (null = none running) and its cancel. */
export function useUploadRun() {
  const [percent, setPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  // leaving the page cancels a running upload
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    setPercent(0);
    return controller.current.signal;
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  const finish = useCallback(() => {
    controller.current = null;
    setPercent(null);
  }, []);

  return { percent, running: percent !== null, start, cancel, finish, onProgress: setPercent };
}
