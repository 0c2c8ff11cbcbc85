import { type ReactNode, useLayoutEffect, useRef } from 'react';
import './table.css';

/**
 * Names each body cell after its column (`data-label`, from the header's text; empty for a header
 * that is only for screen readers, such as "Actions") and gives rows and cells their table roles,
 * so the table keeps its semantics when the phone layout displays its parts as blocks.
 * `top` marks the columns shown on a card's top (`data-card-top`, the first one as its heading).
 */
function labelCells(table: HTMLTableElement, top: number[]) {
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? []).map((th) => {
    const onlyHidden = th.children.length === 1 && th.firstElementChild?.classList.contains('is-sr-only');
    return onlyHidden ? '' : (th.textContent ?? '').trim();
  });
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      row.setAttribute('role', 'row');
      Array.from(row.cells).forEach((cell, index) => {
        cell.setAttribute('role', index === 0 && cell.tagName === 'TH' ? 'rowheader' : 'cell');
        cell.setAttribute('data-label', headers[index] ?? '');
        const place = top.indexOf(index);
        if (place < 0) cell.removeAttribute('data-card-top');
        else cell.setAttribute('data-card-top', place === 0 ? 'heading' : 'top');
      });
    }
  }
}

/**
 * Bulma table (full width, striped) with column headers. Wide screens show a real table; with
 * `cards`, a phone (below Bulma's tablet width, 769 px) shows each row as a card: the `cards.top`
 * columns (e.g. name and progress) on top, the rest as label/value pairs. Without `cards` the
 * table scrolls sideways on narrow screens.
 */
export function Table({
  headers,
  children,
  labelledBy,
  testId,
  stickyActions = false,
  cards,
}: {
  headers: ReactNode[];
  /** the rows (`<tr>`) */
  children: ReactNode;
  /** id of the heading that names the table */
  labelledBy?: string;
  testId?: string;
  /** keeps the last column (the row's actions) in view while the table scrolls sideways */
  stickyActions?: boolean;
  /** a card per row on a phone; `top`: the indexes of the columns on the card's top, heading first */
  cards?: { top: number[] };
}) {
  const ref = useRef<HTMLTableElement>(null);
  const top = cards?.top.join(',');
  // after every render: rows come and go with the children (pages, filters)
  useLayoutEffect(() => {
    if (ref.current && top !== undefined) labelCells(ref.current, top ? top.split(',').map(Number) : []);
  });
  const classes = ['table', 'is-fullwidth', 'is-striped'];
  if (stickyActions) classes.push('has-sticky-actions');
  if (cards) classes.push('is-cards-on-mobile');
  return (
    <div className={cards ? 'table-container has-cards-on-mobile' : 'table-container'}>
      <table
        ref={ref}
        className={classes.join(' ')}
        aria-labelledby={labelledBy}
        data-testid={testId}
        role={cards ? 'table' : undefined}
      >
        <thead role={cards ? 'rowgroup' : undefined}>
          <tr role={cards ? 'row' : undefined}>
            {headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of headers, their position is their identity
              <th scope="col" key={index} role={cards ? 'columnheader' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={cards ? 'rowgroup' : undefined}>{children}</tbody>
      </table>
    </div>
  );
}
