import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkAnswers, validateDocument } from './check.ts';
import type { Answer } from './record.ts';

/**
 * The contract test of the API suite (vitest globalSetup of the server project): every app built
 * by `buildTestApp` records its answers into a fresh directory (CONTRACT_DIR); when all test
 * files are done, the answers are held against the OpenAPI document, which is itself validated.
 * Any failure fails the run (exit code 1). Test files run in parallel workers in no fixed order,
 * so the check runs here, after all of them.
 */
export default function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'elearn-contract-'));
  process.env.CONTRACT_DIR = dir;
  return async () => {
    try {
      await verifyRecordings(dir);
    } catch (err) {
      // vitest only logs an error thrown here and still exits with 0: fail the run ourselves
      console.error(`\n${(err as Error).message}\n`);
      process.exitCode = 1;
    } finally {
      // CONTRACT_KEEP=1 keeps the recordings for a look (the path is printed)
      if (process.env.CONTRACT_KEEP === '1') console.log(`contract: recordings kept in ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    }
  };
}

export async function verifyRecordings(dir: string) {
  const files = readdirSync(dir);
  // one line per app built
  const apps = files
    .filter((f) => f.startsWith('apps-'))
    .reduce((n, f) => n + readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).length, 0);
  if (apps === 0) return; // no API test ran (only unit tests of the server project)
  const answers: Answer[] = [];
  for (const f of files.filter((f) => f.startsWith('answers-'))) {
    for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (line) answers.push(JSON.parse(line) as Answer);
    }
  }
  const docFile = path.join(dir, 'openapi.json');
  if (answers.length === 0) {
    // a file or two may build an app without asking it anything; a whole suite never does,
    // so nothing recorded there means the recorder is broken
    if (apps >= 5) throw new Error(`contract: ${apps} apps were built but not one answer was recorded`);
    return;
  }
  if (!existsSync(docFile)) throw new Error('contract: apps answered but no OpenAPI document was recorded');
  const doc = JSON.parse(readFileSync(docFile, 'utf8'));
  const docErrors = await validateDocument(doc);
  const { failures, jsonChecked } = checkAnswers(doc, answers);
  const problems = [...docErrors.map((e) => `document: ${e}`), ...failures];
  if (problems.length) {
    throw new Error(
      `contract: ${problems.length} answers of the API suite disagree with the OpenAPI document ` +
        `(plugins/openapi.ts, plugins/openapi-operations.ts):\n  ${problems.join('\n  ')}`,
    );
  }
  console.log(
    `contract: ${answers.length} distinct answers of ${apps} apps match the OpenAPI document (${jsonChecked} JSON bodies validated)`,
  );
}
