/** DTOs of the multiple-choice test contract (docs/api/mc-tests.md) for component tests. */
import type {
  AssignedTestDto,
  McTestDto,
  McTestListItem,
  OwnerRow,
  QuestionDto,
  StartedRun,
  StopResult,
} from '@elearn/shared';

const stamp = '2025-03-04T10:00:00.000Z';
const seminar = { id: 1, title: 'Excel', slug: 'excel' };
export const chapterRef = { id: 10, label: 'Grundlagen', chapter_id: null, unlocked: 1 as const, seminar };

export function assignedDto(overrides: Partial<AssignedTestDto> = {}): AssignedTestDto {
  return {
    id: 5,
    label: 'Abschlusstest',
    percent_to_accomplish: 60,
    mode: 'exam',
    enabled: 1,
    chapter_id: 10,
    chapter: chapterRef,
    time_limit_minutes: null,
    opens_at: null,
    closes_at: null,
    window: 'open',
    review: { content: 'score', when: 'immediately' },
    questions_count: 2,
    runs_used: 0,
    runs_allowed: 1,
    open_run_id: null,
    can_start: true,
    accomp: false,
    best_percent: null,
    passed: 0,
    ...overrides,
  };
}

export function startedRun(overrides: Partial<StartedRun> = {}): StartedRun {
  return {
    user_graduate_id: 77,
    resumed: false,
    started_at: stamp,
    deadline: null,
    now: stamp,
    answers: [],
    mc_test: { id: 5, label: 'Abschlusstest', mode: 'exam', percent_to_accomplish: 60 },
    questions: [
      {
        id: 1,
        label: '<p>Was ist 2 + 2?</p>',
        points: null,
        answers: [
          { id: 11, question_id: 1, label: '4' },
          { id: 12, question_id: 1, label: '5' },
        ],
      },
      {
        id: 2,
        label: '<p>Welche sind Farben?</p>',
        points: 3,
        answers: [
          { id: 21, question_id: 2, label: 'Rot' },
          { id: 22, question_id: 2, label: 'Tisch' },
          { id: 23, question_id: 2, label: 'Blau' },
        ],
      },
    ],
    ...overrides,
  };
}

export function stopResult(overrides: Partial<StopResult> = {}): StopResult {
  return {
    user_graduate_id: 77,
    mc_test_id: 5,
    mode: 'exam',
    percent_to_accomplish: 60,
    achievedPercent: 25,
    accomp: false,
    startDateTime: stamp,
    stopDateTime: stamp,
    result: null,
    ...overrides,
  };
}

export function questionDto(overrides: Partial<QuestionDto> & { id: number }): QuestionDto {
  return {
    label: `<p>Frage ${overrides.id}</p>`,
    points: null,
    explanation: null,
    category: null,
    owner_id: 4,
    answers: [],
    mc_tests: [],
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function mcTestItem(overrides: Partial<McTestListItem> = {}): McTestListItem {
  return {
    id: 5,
    label: 'Abschlusstest',
    percent_to_accomplish: 60,
    mode: 'exam',
    enabled: 0,
    chapter_id: null,
    chapter: null,
    time_limit_minutes: null,
    question_selection: 'fixed',
    draw_rules: [],
    shuffle_questions: false,
    opens_at: null,
    closes_at: null,
    review_content: null,
    review_when: null,
    owner: { id: 4, username: 'trainer1', first_name: 'Thomas', last_name: 'Trainer' },
    questions_count: 0,
    runs_count: 0,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function mcTestDto(overrides: Partial<McTestDto> = {}): McTestDto {
  return { ...mcTestItem(overrides), questions: [], ...overrides };
}

export function ownerRow(overrides: Partial<OwnerRow> = {}): OwnerRow {
  return {
    id: 5,
    label: 'Abschlusstest',
    mode: 'exam',
    user_id: 1,
    firstName: 'Stefanie',
    lastName: 'Student',
    email: 'stefanie@example.com',
    accomp: true,
    visible: 0,
    achievedPercent: 80,
    result: { right: 4, total: 5 },
    user_graduate_id: 77,
    passed: 0,
    startDateTime: stamp,
    stopDateTime: stamp,
    ...overrides,
  };
}

export const paged = <T>(data: T[], page = 1, lastPage = 1) => ({
  data,
  current_page: page,
  last_page: lastPage,
  per_page: 20,
  total: data.length,
});
