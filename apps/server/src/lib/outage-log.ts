/**
 * Logging during an outage: a database or Redis that is away fails every request, and one line per
 * request buries the log (a 20 s outage wrote 14 MB). The first failure of a kind is logged, the
 * next ones within the interval are only counted and reported with the following line.
 */
export function createOutageLog(intervalMs = 30_000, now: () => number = Date.now) {
  const kinds = new Map<string, { until: number; suppressed: number }>();
  return {
    /** whether to log this occurrence of `kind`, and how many were left out since the last line */
    take(kind: string): { log: boolean; suppressed: number } {
      const t = now();
      const entry = kinds.get(kind);
      if (entry && entry.until > t) {
        entry.suppressed++;
        return { log: false, suppressed: 0 };
      }
      const suppressed = entry?.suppressed ?? 0;
      kinds.set(kind, { until: t + intervalMs, suppressed: 0 });
      return { log: true, suppressed };
    },
  };
}

export type OutageLog = ReturnType<typeof createOutageLog>;

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  stack?: string;
  query?: string;
  params?: unknown;
  cause?: unknown;
}

/**
 * An error as it may be logged: type, code, message and stack, the failed statement's SQL text
 * but never its parameters (they hold session and CSRF tokens, answer keys, e-mail addresses).
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  const e = (error ?? {}) as ErrorLike;
  const out: Record<string, unknown> = { type: e.name ?? typeof error };
  if (e.code) out.code = e.code;
  if ('params' in e && typeof e.query === 'string') {
    // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"
    out.message = 'Failed query';
    out.query = e.query.slice(0, 500);
  } else if (typeof e.message === 'string') {
    out.message = e.message.replace(/\nparams: [\s\S]*$/, '').slice(0, 1000);
  }
  if (typeof e.stack === 'string') {
    // the stack starts with the message; keep the frames only
    out.stack = e.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 12)
      .join('\n');
  }
  if (e.cause && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return out;
}
