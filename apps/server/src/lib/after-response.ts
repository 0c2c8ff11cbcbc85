import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay, or show in, an answer: a request hands it over with its response, and
 * it starts only once that response is finished (or the client went away), so the answer's timing
 * cannot tell what the work found. Jobs never throw; `flush` waits for them (shutdown, tests).
 */
export interface AfterResponse {
  run(res: ServerResponse, name: string, job: () => Promise<unknown>): void;
  flush(): Promise<void>;
}

export function createAfterResponse(log: FastifyBaseLogger): AfterResponse {
  const pending = new Set<Promise<unknown>>();
  return {
    run(res, name, job) {
      const done = new Promise<void>((resolve) => {
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          setImmediate(() => {
            job()
              .catch((err) => log.error({ err, job: name }, 'background job failed'))
              .finally(resolve);
          });
        };
        if (res.writableFinished || res.destroyed) start();
        else {
          res.once('finish', start);
          res.once('close', start);
        }
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
