import type { CompanyDto } from '@elearn/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CompanyGate } from '@/features/companies/components/company-gate';
import { SeminarForm } from '@/features/seminars/components/seminar-form';
import { useLocalizePath } from '@/hooks/use-locale';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAppConfig } from '@/lib/app-config';
import { notify } from '@/lib/notifications';
import { checkName, companyName } from './params';

function NewCompanySeminar({ company }: { company: CompanyDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const config = useAppConfig();
  const title = t('company.newSeminar.title', { company: company.name });
  usePageTitle(title);
  return (
    <div className="columns">
      <div className="column is-10-desktop is-8-widescreen">
        <h1 className="title is-3" id="seminar-form-title">
          {title}
        </h1>
        <p className="mb-4">{t('company.newSeminar.intro', { company: company.name })}</p>
        <SeminarForm
          companies={[{ id: company.id, name: company.name }]}
          defaults={{ isCompany: true, company_id: company.id }}
          currency={config.data?.currency ?? 'CHF'}
          onSaved={(seminar) => {
            notify('success', t('seminar.form.created', { title: seminar.title }));
            void navigate(localize(`/seminar/id/${seminar.id}`));
          }}
        />
      </div>
    </div>
  );
}

export const check = checkName;
export { prefetchCompany as prefetch } from './params';

/** `/company/{name}/seminar/new` (trainer, admin): the seminar form, made for this company. */
export default function NewCompanySeminarPage() {
  const name = companyName(useParams())!;
  return <CompanyGate name={name}>{(company) => <NewCompanySeminar company={company} />}</CompanyGate>;
}
