import type { ReactNode } from 'react';
import './table.css';

/** Bulma table (full width, striped) with column headers, scrolling sideways on narrow screens. */
export function Table({
  headers,
  children,
  labelledBy,
  testId,
  stickyActions = false,
}: {
  headers: ReactNode[];
  /** the rows (`<tr>`) */
  children: ReactNode;
  /** id of the heading that names the table */
  labelledBy?: string;
  testId?: string;
  /** keeps the last column (the row's actions) in view while the table scrolls sideways */
  stickyActions?: boolean;
}) {
  return (
    <div className="table-container">
      <table
        className={`table is-fullwidth is-striped${stickyActions ? ' has-sticky-actions' : ''}`}
        aria-labelledby={labelledBy}
        data-testid={testId}
      >
        <thead>
          <tr>
            {headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of headers, their position is their identity
              <th scope="col" key={index}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
