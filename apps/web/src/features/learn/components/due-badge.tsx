import type { LearnSeminar } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';

const TAG: Record<NonNullable<LearnSeminar['due']>['state'], string> = {
  done: 'is-success',
  overdue: 'is-danger',
  due_soon: 'is-warning',
  due: 'is-info is-light',
};

/** "fällig am …" / "überfällig seit …" / "erledigt" next to an assignment with a due date */
export function DueBadge({ due }: { due: NonNullable<LearnSeminar['due']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = formatDate(due.due_date, locale);
  return (
    <span className={`tag ${TAG[due.state]}`} data-testid="due-badge" data-state={due.state}>
      {t(`learn.due.${due.state}`, { date })}
    </span>
  );
}
