import type { MemberInvitationDto } from '@elearn/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLocale } from '@/hooks/use-locale';
import { notify } from '@/lib/notifications';
import { useMemberInvitations } from '../api/get-member-invitations';
import { useRevokeMemberInvitation } from '../api/revoke-member-invitation';
import { formatDateTime } from '../format';

/** The open invitations by e-mail of the company, each withdrawable after asking. */
export function MemberInvitationsList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invitations = useMemberInvitations(companyId);
  const revoke = useRevokeMemberInvitation();
  const [asking, setAsking] = useState<MemberInvitationDto | null>(null);

  const doRevoke = () => {
    if (!asking) return;
    const { email } = asking;
    revoke.mutate(
      { companyId, invitationId: asking.id },
      {
        onSuccess: () => notify('success', t('company.members.revoked', { email })),
        onError: (err) => notify('danger', err.message),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <div className="mt-4" data-testid="member-invitations">
      <h3 className="title is-6 mb-2" id="member-invitations-title">
        {t('company.members.pendingTitle')}
      </h3>
      <QueryState query={invitations}>
        {(list) =>
          list.length === 0 ? (
            <p className="has-text-grey-dark" data-testid="member-invitations-empty">
              {t('company.members.pendingEmpty')}
            </p>
          ) : (
            <ul aria-labelledby="member-invitations-title" className="member-invitations">
              {list.map((invitation) => (
                <li key={invitation.id} className="member-invitation" data-testid="member-invitation">
                  <span className="member-invitation-email">{invitation.email}</span>
                  <span
                    className={invitation.expired ? 'tag is-danger is-light' : 'has-text-grey-dark is-size-7'}
                  >
                    {invitation.expired
                      ? t('company.members.pendingExpired')
                      : t('company.members.pendingExpires', {
                          date: formatDateTime(invitation.expires_at, locale),
                        })}
                  </span>
                  <Button
                    size="small"
                    variant="light"
                    onClick={() => setAsking(invitation)}
                    aria-label={t('company.members.revoke', { email: invitation.email })}
                    data-testid="member-invitation-revoke"
                  >
                    {t('company.members.revokeShort')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={asking !== null}
        title={t('company.members.revokeTitle')}
        confirmLabel={t('company.members.revokeShort')}
        onConfirm={doRevoke}
        onCancel={() => setAsking(null)}
        busy={revoke.isPending}
      >
        <p>{t('company.members.revokeText', { email: asking?.email ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
