/**
 * Issue 37's goal for answers saved as they are given: 200 learners in an exam save an answer at
 * the same moment (`PUT /api/graduate/runs/{id}/answers/{questionId}`), p99 ≤ 100 ms on
 * PostgreSQL. The 200 runs are those of the stop bench's test (40 questions); each learner saves
 * three questions one after another, all learners at once, and every saved answer is read back
 * through a resume of the run (`POST /api/graduate/startTest` answers the saved answers).
 */
import http from 'node:http';
import type { McBenchData } from './mc-tests.ts';
import { login, quantile } from './support.ts';

export const SAVES_GOAL_P99_MS = 100;
const ROUNDS = 3;

export interface SavesResult {
  p99: number;
  median: number;
  saves: number;
  ok: number;
  stored: number;
  wallMs: number;
}

type Session = Awaited<ReturnType<typeof login>>;
type Run = { user_graduate_id: number; questions: { id: number; answers: { id: number }[] }[] };

async function startRun(base: string, s: Session, testId: number) {
  const res = await fetch(`${base}/api/graduate/startTest/`, {
    method: 'POST',
    headers: {
      cookie: s.cookie,
      'x-xsrf-token': s.xsrf,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ id: testId }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`startTest: ${res.status} ${await res.text()}`);
  return (await res.json()) as Run & { answers?: { question_id: number; answer_ids: number[] }[] };
}

/** each learner on a connection of their own (a browser), through node:http (fetch costs the client more) */
function putter(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const put = (path: string, headers: Record<string, string>, body: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(path, base);
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'PUT', agent, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { put, close: () => agent.destroy() };
}

export async function measureSaves(base: string, data: McBenchData, password: string): Promise<SavesResult> {
  const sessions: Session[] = [];
  for (const email of data.studentEmails) sessions.push(await login(base, email, password));
  const started: { s: Session; run: Run }[] = [];
  for (const s of sessions) started.push({ s, run: await startRun(base, s, data.stopTestId) });
  const pick = (run: Run, i: number, round: number) => {
    const q = run.questions[(i + round) % run.questions.length]!;
    return { questionId: q.id, answerIds: [q.answers[(i + round) % q.answers.length]!.id] };
  };
  const client = putter(base);
  const t0 = performance.now();
  const latencies = await Promise.all(
    started.map(async ({ s, run }, i) => {
      const mine: { ms: number; ok: boolean }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const p = pick(run, i, round);
        const body = JSON.stringify({ answerIds: p.answerIds });
        const begin = performance.now();
        const status = await client.put(
          `/api/graduate/runs/${run.user_graduate_id}/answers/${p.questionId}`,
          {
            cookie: s.cookie,
            'x-xsrf-token': s.xsrf,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            accept: 'application/json',
          },
          body,
        );
        mine.push({ ms: performance.now() - begin, ok: status === 200 });
      }
      return mine;
    }),
  );
  client.close();
  const wallMs = Math.round(performance.now() - t0);
  const flat = latencies.flat();
  // every saved answer read back through a resume of its run
  let stored = 0;
  for (const [i, { s, run }] of started.entries()) {
    const resumed = await startRun(base, s, data.stopTestId);
    const saved = new Map((resumed.answers ?? []).map((a) => [a.question_id, a.answer_ids]));
    for (let round = 0; round < ROUNDS; round++) {
      const p = pick(run, i, round);
      if (JSON.stringify(saved.get(p.questionId)) === JSON.stringify(p.answerIds)) stored++;
    }
  }
  const ms = flat.map((l) => l.ms);
  return {
    p99: quantile(ms, 0.99),
    median: quantile(ms, 0.5),
    saves: flat.length,
    ok: flat.filter((l) => l.ok).length,
    stored,
    wallMs,
  };
}

/** prints the figures and the goal; returns whether it was met */
export function printSaves(r: SavesResult, label: 'PGlite' | 'PostgreSQL'): boolean {
  const learners = r.saves / ROUNDS;
  console.log(
    `${learners} learners saving ${ROUNDS} answers each, all at once: p99 ${r.p99} ms, median ${r.median} ms, all done in ${r.wallMs} ms; ${r.ok}/${r.saves} answered 200, ${r.stored}/${r.saves} read back`,
  );
  const all = r.ok === r.saves && r.stored === r.saves;
  const fast = r.p99 <= SAVES_GOAL_P99_MS;
  console.log(`goal every save answered and stored: ${all ? 'met' : 'NOT met'}`);
  console.log(
    `goal ${learners} concurrent answer saves p99 ≤ ${SAVES_GOAL_P99_MS} ms (${label === 'PostgreSQL' ? 'the goal' : 'PGlite, for reference'}): ${fast ? 'met' : 'NOT met'} (${r.p99} ms)`,
  );
  return all && (fast || label === 'PGlite');
}
