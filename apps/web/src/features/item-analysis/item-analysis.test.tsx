import type { ItemStat } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import { type NumberedItem, sortItems } from './components/item-table';
import { formatIndex, formatShare, questionEditorPath } from './format';

const item = (number: number, facility: number, discrimination: number | null): NumberedItem => ({
  number,
  question_id: 100 + number,
  label: `<p>Q${number}</p>`,
  version: 1,
  versions: 1,
  in_pool: true,
  runs: 10,
  right: Math.round(facility * 10),
  facility,
  discrimination,
  upper_lower: discrimination,
  upper_runs: 3,
  lower_runs: 3,
  flags: [] as ItemStat['flags'],
  answers: [],
});

describe('item analysis table', () => {
  const items = [item(1, 0.9, 0.3), item(2, 0.1, null), item(3, 0.5, -0.2), item(4, 0.5, 0.1)];

  it('sorts by a figure both ways, ties in question order, missing values last', () => {
    expect(sortItems(items, 'facility', 'asc').map((i) => i.number)).toEqual([2, 3, 4, 1]);
    expect(sortItems(items, 'facility', 'desc').map((i) => i.number)).toEqual([1, 3, 4, 2]);
    expect(sortItems(items, 'discrimination', 'asc').map((i) => i.number)).toEqual([3, 4, 1, 2]);
    expect(sortItems(items, 'discrimination', 'desc').map((i) => i.number)).toEqual([1, 4, 3, 2]);
    expect(sortItems(items, null, null).map((i) => i.number)).toEqual([1, 2, 3, 4]);
    expect(sortItems(items, 'nonsense', 'desc').map((i) => i.number)).toEqual([4, 3, 2, 1]);
  });

  it('formats indices and shares in the page language and links to the pool editor', () => {
    expect(formatIndex(0.6667, 'de')).toBe('0,67');
    expect(formatIndex(-1, 'en')).toBe('-1.00');
    expect(formatIndex(null, 'en')).toBe('–');
    expect(formatShare(0.5, 'en')).toBe('50%');
    expect(formatShare(null, 'de')).toBe('–');
    expect(questionEditorPath(7)).toBe('/mcTest/QuestionPool?question=7');
  });
});
