import { type AdminUserDto, SCOPES, type Scope } from '@elearn/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notification } from '@/components/ui/notification';
import { useLocalizePath } from '@/hooks/use-locale';
import { notify } from '@/lib/notifications';
import { useSetUserScopes } from '../api/set-user-scopes';
import { errorText } from '../error-text';

/** The scopes with one switched on or off, in the order of SCOPES (the order the API stores). */
export function toggleScope(scopes: readonly Scope[], scope: Scope, on: boolean): Scope[] {
  const set = new Set(scopes);
  if (on) set.add(scope);
  else set.delete(scope);
  return SCOPES.filter((s) => set.has(s));
}

/** Same scopes, whatever the order. */
export const sameScopes = (a: readonly Scope[], b: readonly Scope[]) =>
  a.length === b.length && a.every((scope) => b.includes(scope));

/**
 * The roles of a user as checkboxes, saved together (`PATCH …/scopes`). Taking one's own admin
 * role away asks first (the page is gone afterwards); the server's refusals (the last active
 * admin) are shown as they come.
 */
export function ScopeEditor({ user, currentUserId }: { user: AdminUserDto; currentUserId: number | null }) {
  const { t } = useTranslation();
  const save = useSetUserScopes(currentUserId);
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [scopes, setScopes] = useState<Scope[]>(user.scopes);
  const [error, setError] = useState<string | null>(null);
  const [confirmSelf, setConfirmSelf] = useState(false);
  const baseId = `scope${useId().replace(/:/g, '')}`;
  const serverKey = user.scopes.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the saved scopes change (by key)
  useEffect(() => setScopes(user.scopes), [serverKey]);

  const dirty = !sameScopes(scopes, user.scopes);
  const dropsOwnAdmin =
    user.id === currentUserId && user.scopes.includes('admin') && !scopes.includes('admin');

  const submit = async () => {
    setConfirmSelf(false);
    setError(null);
    try {
      await save.mutateAsync({ id: user.id, scopes });
      notify('success', t('admin.user.scopesSaved'));
      // without the admin role this area is closed: leave it
      if (dropsOwnAdmin) void navigate(localize('/'));
    } catch (failure) {
      setError(errorText(failure, t('admin.user.scopesFailed')));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (dropsOwnAdmin) setConfirmSelf(true);
        else void submit();
      }}
      aria-labelledby={`${baseId}-title`}
      data-testid="scope-editor"
    >
      <h2 className="title is-5" id={`${baseId}-title`}>
        {t('admin.user.scopesTitle')}
      </h2>
      {error ? (
        <Notification variant="danger" role="alert" onClose={() => setError(null)}>
          <span data-testid="scope-error">{error}</span>
        </Notification>
      ) : null}
      <fieldset>
        <legend className="is-sr-only">{t('admin.user.scopesTitle')}</legend>
        {SCOPES.map((scope) => (
          <div className="field" key={scope}>
            <div className="control">
              <label className="checkbox" htmlFor={`${baseId}-${scope}`}>
                <input
                  id={`${baseId}-${scope}`}
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(event) => setScopes(toggleScope(scopes, scope, event.target.checked))}
                  aria-describedby={`${baseId}-${scope}-help`}
                  data-testid={`scope-${scope}`}
                />{' '}
                <strong>{t(`admin.scopes.${scope}`)}</strong>
              </label>
              <p className="help" id={`${baseId}-${scope}-help`}>
                {t(`admin.scopeHelp.${scope}`)}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <p className="help mb-3">{scopes.length === 0 ? t('admin.user.noScopeIsStudent') : null}</p>
      <div className="buttons">
        <Button
          type="submit"
          variant="primary"
          disabled={!dirty}
          isLoading={save.isPending}
          data-testid="scopes-save"
        >
          {t('admin.user.saveScopes')}
        </Button>
        {dirty ? (
          <Button variant="light" onClick={() => setScopes(user.scopes)} disabled={save.isPending}>
            {t('admin.user.undo')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmSelf}
        title={t('admin.user.ownAdminTitle')}
        confirmLabel={t('admin.user.ownAdminConfirm')}
        onConfirm={() => void submit()}
        onCancel={() => setConfirmSelf(false)}
        busy={save.isPending}
      >
        <p>{t('admin.user.ownAdminText')}</p>
      </ConfirmDialog>
    </form>
  );
}
