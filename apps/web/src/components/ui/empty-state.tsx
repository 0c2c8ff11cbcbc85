import type { ReactNode } from 'react';

/** "Nothing here yet" with an optional next step. */
export function EmptyState({
  title,
  children,
  testId = 'empty-state',
}: {
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="box has-text-centered empty-state" data-testid={testId}>
      <p className="title is-5 mb-2">{title}</p>
      {children ? <div className="content">{children}</div> : null}
    </div>
  );
}
