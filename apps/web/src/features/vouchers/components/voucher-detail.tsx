import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notification } from '@/components/ui/notification';
import { useLocalizePath } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useDeleteVoucher, useSetVoucherActive, useVoucher } from '../api/vouchers';
import { VoucherForm } from './voucher-form';
import { VoucherRedemptions } from './voucher-redemptions';

/** `/admin/vouchers/{id}`: edit, deactivate or delete (never redeemed only) and the redemptions. */
export function VoucherDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useVoucher(id);
  const active = useSetVoucherActive();
  const remove = useDeleteVoucher();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <QueryState query={query}>
      {(v) => (
        <>
          {saved ? (
            <Notification variant="success" role="status">
              {t('vouchers.saved')}
            </Notification>
          ) : null}
          <p className="mb-4 buttons">
            <Button
              variant="light"
              isLoading={active.isPending}
              data-testid="voucher-toggle"
              onClick={() => active.mutate({ id, active: !v.active })}
            >
              {v.active ? t('vouchers.deactivate') : t('vouchers.activate')}
            </Button>
            <Button variant="danger" data-testid="voucher-delete" onClick={() => setConfirming(true)}>
              {t('vouchers.delete')}
            </Button>
          </p>
          <VoucherForm key={`${v.id}-${v.active}`} voucher={v} onSaved={() => setSaved(true)} />
          <VoucherRedemptions id={id} currency={v.currency} />
          <ConfirmDialog
            open={confirming}
            title={t('vouchers.deleteTitle', { code: v.code })}
            confirmLabel={t('vouchers.delete')}
            busy={remove.isPending}
            error={error}
            onCancel={() => {
              setConfirming(false);
              setError(null);
            }}
            onConfirm={() =>
              remove.mutate(id, {
                onSuccess: () => void navigate(localize('/admin/vouchers')),
                onError: (err) => setError(isApiError(err) ? err.message : t('errors.unknown')),
              })
            }
          >
            {t('vouchers.deleteText')}
          </ConfirmDialog>
        </>
      )}
    </QueryState>
  );
}
