import type { TeamState } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';

const TAG: Record<TeamState, string> = {
  done: 'is-success is-light',
  overdue: 'is-danger',
  due_soon: 'is-warning',
  due: 'is-info is-light',
  none: 'is-light',
};

/**
 * An assignment's state as a tag ("erledigt", "überfällig", "bald fällig", "fällig", "ohne
 * Termin"), with its due date (YYYY-MM-DD, a Zurich day) below when it has one.
 */
export function DueState({ state, dueDate }: { state: TeamState; dueDate: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <span className="due-state" data-testid="due-state" data-state={state}>
      <span className={`tag ${TAG[state]}`}>{t(`dueState.${state}`)}</span>
      {dueDate ? (
        <span className="is-size-7 is-block" data-testid="due-date">
          <time dateTime={dueDate}>{t('dueState.dueOn', { date: formatDate(dueDate, locale) })}</time>
        </span>
      ) : null}
    </span>
  );
}
