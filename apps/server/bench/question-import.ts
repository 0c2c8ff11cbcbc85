/**
 * Importing a 2,000-question Moodle XML file (issue 37 goal: ≤ 10 s, memory growth ≤ 100 MB).
 * The file is generated: QUESTIONS multiple-choice and true/false questions in 20 categories, four
 * answers each with HTML text in CDATA and per-answer feedback, general feedback, grades. It is
 * sent as multipart to POST /api/questions/import of the real app (in process, real database) by
 * a trainer; the time is the request's, the memory the larger of the peaks of the process's resident
 * set and of its heap (V8 heap and external memory) above their level before the request (sampled
 * every 10 ms), and every question must be in the pool after.
 *   node --import tsx apps/server/bench/question-import.ts          (PGlite)
 *   BENCH_DATABASE_URL=postgres://… node --import tsx apps/server/bench/question-import.ts
 */
import { pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { createScratchPostgres } from '../src/db/client.ts';
import { questions } from '../src/db/schema/index.ts';
import { buildTestApp, multipart } from '../src/test/build-test-app.ts';

const QUESTIONS = Number(process.env.IMPORT_QUESTIONS ?? 2000);
const GOAL_MS = 10_000;
const GOAL_MB = 100;

/** a Moodle XML file as Moodle writes one */
export function moodleXml(n: number): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (let i = 0; i < n; i++) {
    if (i % 100 === 0) {
      out.push(
        `  <question type="category"><category><text>$course$/top/Bench/Kategorie ${i / 100}</text></category></question>`,
      );
    }
    const tf = i % 5 === 4;
    const answers = tf
      ? [
          ['true', 100],
          ['false', 0],
        ]
      : [
          [`<p>Antwort <b>A</b> ${i}</p>`, i % 3 === 0 ? 50 : 100],
          [`<p>Antwort B ${i}</p>`, i % 3 === 0 ? 50 : 0],
          [`<p>Antwort C ${i}</p>`, i % 3 === 0 ? -100 : 0],
          [`<p>Antwort D ${i}</p>`, i % 3 === 0 ? -100 : 0],
        ];
    out.push(
      `  <question type="${tf ? 'truefalse' : 'multichoice'}">`,
      `    <name><text>Frage ${i}</text></name>`,
      `    <questiontext format="html"><text><![CDATA[<p>Frage ${i}: Welche Aussage zur <strong>Arbeitssicherheit</strong> trifft zu? ${'Lorem ipsum dolor sit amet. '.repeat(4)}</p>]]></text></questiontext>`,
      `    <generalfeedback format="html"><text><![CDATA[<p>Erklärung zu Frage ${i}.</p>]]></text></generalfeedback>`,
      `    <defaultgrade>${1 + (i % 3)}.0000000</defaultgrade>`,
      '    <penalty>0.3333333</penalty>',
      '    <hidden>0</hidden>',
      ...(tf ? [] : [`    <single>${i % 3 === 0 ? 'false' : 'true'}</single>`]),
      ...answers.map(
        ([text, fraction]) =>
          `    <answer fraction="${fraction}" format="${tf ? 'moodle_auto_format' : 'html'}"><text>${tf ? text : `<![CDATA[${text}]]>`}</text><feedback format="html"><text><![CDATA[<p>Rückmeldung ${i}</p>]]></text></feedback></answer>`,
      ),
      '  </question>',
    );
  }
  out.push('</quiz>', '');
  return out.join('\n');
}

async function measure(label: string, databaseUrl?: string): Promise<boolean> {
  const t = await buildTestApp({ rateLimitFactor: 100, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const agent = await t.loginAs(trainer.email);
    const xml = moodleXml(QUESTIONS);
    const form = multipart({}, [
      { field: 'file', filename: 'bench.xml', type: 'application/xml', data: Buffer.from(xml) },
    ]);
    (globalThis as { gc?: () => void }).gc?.();
    const heapOf = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
    const at = process.memoryUsage();
    const before = at.rss;
    const heapBefore = heapOf(at);
    let peak = before;
    let heapPeak = heapBefore;
    const sample = () => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, heapOf(m));
    };
    const sampler = setInterval(sample, 10);
    const started = performance.now();
    const res = await agent.post('/api/questions/import', form.payload, { headers: form.headers });
    const ms = performance.now() - started;
    clearInterval(sampler);
    sample();
    const rssMb = (peak - before) / 1024 / 1024;
    const heapMb = (heapPeak - heapBefore) / 1024 / 1024;
    // the resident set stays high after an earlier run in the same process: the heap counts too
    const growthMb = Math.max(rssMb, heapMb);
    const [stored] = await t.app.database.db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.ownerId, trainer.id));
    const created = res.statusCode === 201 ? (res.json() as { created: number }).created : 0;
    const ok = res.statusCode === 201 && created === QUESTIONS && stored?.n === QUESTIONS;
    const pass = ok && ms <= GOAL_MS && growthMb <= GOAL_MB;
    console.log(
      `question import (${label}): ${QUESTIONS} questions, ${(xml.length / 1024 / 1024).toFixed(1)} MB Moodle XML: ` +
        `${(ms / 1000).toFixed(2)} s (goal ≤ ${GOAL_MS / 1000} s), memory growth ${growthMb.toFixed(1)} MB (resident +${rssMb.toFixed(1)}, heap +${heapMb.toFixed(1)}) ` +
        `(goal ≤ ${GOAL_MB} MB), status ${res.statusCode}, created ${created}, stored ${stored?.n} → ${pass ? 'ok' : 'MISSED'}`,
    );
    return pass;
  } finally {
    await t.close();
  }
}

/** `BENCH_ONLY=import`: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set */
export async function runQuestionImportBench(): Promise<boolean[]> {
  const results = [await measure('PGlite')];
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
    try {
      results.push(await measure('PostgreSQL', scratch.url));
    } finally {
      await scratch.drop();
    }
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runQuestionImportBench();
  process.exit(results.every(Boolean) ? 0 : 1);
}
