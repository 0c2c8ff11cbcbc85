import type { CompanyDto } from '@elearn/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Chooses one of the companies a manager manages; the choice lives in the URL (`?company=`).
 * `reset` lists query keys that belong to the previous company (its page, its search).
 */
export function CompanySelect({
  companies,
  current,
  label,
  testId,
  reset = [],
}: {
  companies: CompanyDto[];
  current: CompanyDto;
  label: string;
  testId: string;
  reset?: string[];
}) {
  const [params, setParams] = useSearchParams();
  const id = `company-select${useId().replace(/:/g, '')}`;
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="control">
        <div className="select">
          <select
            id={id}
            value={String(current.id)}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.set('company', event.target.value);
              for (const key of reset) next.delete(key);
              setParams(next, { replace: true });
            }}
            data-testid={testId}
          >
            {companies.map((company) => (
              <option key={company.id} value={String(company.id)}>
                {company.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
