import type { AccessLinkDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { Table } from '@/components/ui/table';
import { useLocale } from '@/hooks/use-locale';
import { notify } from '@/lib/notifications';
import { useAccessLinks } from '../api/get-access-links';
import { useRevokeAccessLink } from '../api/revoke-access-link';
import { formatDateTime, personName } from '../format';
import { CopyField } from './copy-field';
import '../companies.css';

const STATUS_CLASS: Record<AccessLinkDto['status'], string> = {
  active: 'is-success',
  expired: 'is-warning',
  revoked: 'is-danger',
};

export function AccessLinkStatus({ status }: { status: AccessLinkDto['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={['tag is-light', STATUS_CLASS[status]].join(' ')} data-testid="access-link-status">
      {t(`company.links.status.${status}`)}
    </span>
  );
}

/**
 * The access links the caller's companies created (`/seminar/tempList`), one page of the
 * paginator: seminar, employee, expiry, status, last use; copy an active link, revoke after a
 * confirmation.
 */
export function AccessLinkTable({ page }: { page: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useAccessLinks(page);
  const revoke = useRevokeAccessLink();
  const [copying, setCopying] = useState<AccessLinkDto | null>(null);
  const [revoking, setRevoking] = useState<AccessLinkDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const closeRevoke = () => {
    setRevoking(null);
    setError(null);
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notify('success', t('company.links.revoked', { name: personName(revoking.employee) }));
        closeRevoke();
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <QueryState query={query}>
      {(result) =>
        result.total === 0 ? (
          <EmptyState title={t('company.links.empty')} testId="access-links-empty">
            <p>{t('company.links.emptyText')}</p>
          </EmptyState>
        ) : result.data.length === 0 ? (
          <EmptyState title={t('company.links.pageEmpty')} testId="access-links-page-empty">
            <Pagination current={result.current_page} last={result.last_page} />
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 has-text-grey" data-testid="access-links-total">
              {t('company.links.total', { count: result.total })}
            </p>
            <Table
              headers={[
                t('company.links.seminar'),
                t('company.links.employee'),
                t('company.links.expires'),
                t('company.links.statusLabel'),
                t('company.links.lastUsed'),
                <span key="actions" className="is-sr-only">
                  {t('company.links.actions')}
                </span>,
              ]}
              labelledBy="access-links-title"
              testId="access-links-table"
            >
              {result.data.map((link) => (
                <tr key={link.id} data-testid="access-link-row" data-link-id={link.id}>
                  <td>
                    <span className="has-text-weight-semibold" data-testid="access-link-seminar">
                      {link.seminar.title}
                    </span>
                    <br />
                    <span className="is-size-7 has-text-grey">{link.company.name}</span>
                  </td>
                  <td data-testid="access-link-employee">{personName(link.employee)}</td>
                  <td>{formatDateTime(link.expires_at, locale)}</td>
                  <td>
                    <AccessLinkStatus status={link.status} />
                  </td>
                  <td>{link.last_used_at ? formatDateTime(link.last_used_at, locale) : '–'}</td>
                  <td className="has-text-right">
                    {link.status === 'active' ? (
                      <div className="buttons is-right">
                        <Button
                          size="small"
                          onClick={() => setCopying(link)}
                          aria-label={t('company.links.copyItem', { name: personName(link.employee) })}
                          data-testid="access-link-copy"
                        >
                          {t('company.links.copy')}
                        </Button>
                        <Button
                          size="small"
                          variant="danger"
                          outlined
                          onClick={() => setRevoking(link)}
                          aria-label={t('company.links.revokeItem', { name: personName(link.employee) })}
                          data-testid="access-link-revoke"
                        >
                          {t('company.links.revoke')}
                        </Button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </Table>
            <Pagination current={result.current_page} last={result.last_page} />
            <Modal
              open={copying !== null}
              title={t('company.links.copyTitle')}
              onClose={() => setCopying(null)}
              footer={<Button onClick={() => setCopying(null)}>{t('common.close')}</Button>}
            >
              {copying ? (
                <>
                  <p className="mb-3">
                    {t('company.links.copyText', {
                      name: personName(copying.employee),
                      title: copying.seminar.title,
                      date: formatDateTime(copying.expires_at, locale),
                    })}
                  </p>
                  <CopyField value={copying.url} label={t('company.links.link')} testId="access-link-url" />
                </>
              ) : null}
            </Modal>
            <ConfirmDialog
              open={revoking !== null}
              title={t('company.links.revokeTitle')}
              confirmLabel={t('company.links.revoke')}
              onConfirm={confirmRevoke}
              onCancel={closeRevoke}
              busy={revoke.isPending}
              error={error}
            >
              <p>
                {revoking
                  ? t('company.links.revokeConfirm', {
                      name: personName(revoking.employee),
                      title: revoking.seminar.title,
                    })
                  : null}
              </p>
            </ConfirmDialog>
          </>
        )
      }
    </QueryState>
  );
}
