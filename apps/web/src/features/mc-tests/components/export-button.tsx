import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notifications';
import { exportResults } from '../api/export-results';

/** Downloads the test's runs and question rates as `.xlsx` (`GET /api/graduate/export/{id}`). */
export function ExportButton({ testId, label }: { testId: number; label: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="link"
      outlined
      isLoading={busy}
      onClick={async () => {
        setBusy(true);
        const ok = await exportResults(testId, label);
        setBusy(false);
        if (!ok) notify('danger', t('mcTest.export.failed'));
      }}
      data-testid="mc-test-export"
    >
      {t('mcTest.export.button')}
    </Button>
  );
}
