/**
 * The answers chosen in a running test, kept in sessionStorage per run: a reload (or a second
 * tab of the same session) resumes the open run through `startTest` and finds its choices again.
 * Nothing here is trusted: the server scores only what `stopTest` sends.
 */
export type Choices = Record<number, number[]>;

const key = (runId: number) => `mcTestRun:${runId}`;

export function loadChoices(runId: number): Choices {
  try {
    const raw = sessionStorage.getItem(key(runId));
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Choices = {};
    for (const [question, answers] of Object.entries(parsed as Record<string, unknown>)) {
      const id = Number(question);
      if (Number.isInteger(id) && Array.isArray(answers)) {
        out[id] = answers.filter((a): a is number => Number.isInteger(a));
      }
    }
    return out;
  } catch {
    return {};
  }
}

export function saveChoices(runId: number, choices: Choices): void {
  try {
    sessionStorage.setItem(key(runId), JSON.stringify(choices));
  } catch {
    // storage full or disabled: the run still works, a reload just forgets the choices
  }
}

export function forgetChoices(runId: number): void {
  try {
    sessionStorage.removeItem(key(runId));
  } catch {
    // ignore
  }
}

/** Only choices of answers the run really has (a stored choice of another run is dropped). */
export function validChoices(
  choices: Choices,
  questions: readonly { id: number; answers: readonly { id: number }[] }[],
): Choices {
  const out: Choices = {};
  for (const question of questions) {
    const ids = new Set(question.answers.map((a) => a.id));
    const picked = (choices[question.id] ?? []).filter((a) => ids.has(a));
    if (picked.length) out[question.id] = picked;
  }
  return out;
}
