import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  encodeMessage,
  type ProfileFields,
  profileFieldsSchema,
  type UserDto,
} from '@elearn/shared';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FormError, InputField } from '@/components/ui/field';
import { Notification } from '@/components/ui/notification';
import { applyServerErrors } from '@/lib/form-errors';
import { formResolver } from '@/lib/form-resolver';
import { useUpdateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof profileFieldsSchema>;
const FIELDS = ['first_name', 'last_name', 'username', 'email', 'current_password'] as const;

/** Checks an avatar file like the server does (type and size); returns an encoded message. */
export function checkAvatar(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return encodeMessage('validation.image_type');
  if (file.size > AVATAR_MAX_BYTES) {
    return encodeMessage('validation.image_size', { max: AVATAR_MAX_BYTES / 1024 / 1024 });
  }
  return null;
}

export function ProfileForm({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const mutation = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const avatarId = `avatar${useId().replace(/:/g, '')}`;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileFields>({
    resolver: formResolver(profileFieldsSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      username: user.username,
      email: user.email,
      current_password: '',
    },
  });
  // a new address takes over the account's mails: the server asks for the password (and tells
  // the old address)
  const emailChanging = (watch('email') ?? '').trim().toLowerCase() !== user.email.toLowerCase();

  useEffect(() => {
    if (!avatar) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  const onAvatarChange = (event: ChangeEvent<HTMLInputElement>) => {
    setSaved(false);
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      setAvatar(null);
      setAvatarError(undefined);
      return;
    }
    const problem = checkAvatar(file);
    setAvatarError(problem ?? undefined);
    setAvatar(problem ? null : file);
    if (problem) event.target.value = '';
  };

  const clearAvatar = () => {
    setAvatar(null);
    setAvatarError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    if (avatarError) return;
    try {
      const { current_password, ...fields } = values;
      const updated = await mutation.mutateAsync({
        ...fields,
        ...(emailChanging ? { current_password } : {}),
        avatar,
      });
      reset({
        first_name: updated.first_name,
        last_name: updated.last_name,
        username: updated.username,
        email: updated.email,
        current_password: '',
      });
      clearAvatar();
      setSaved(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS, { avatar: setAvatarError }));
    }
  });

  const shownAvatar = preview ?? user.avatar_url;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title" data-testid="profile-form">
      {saved ? (
        <Notification variant="success" role="status" onClose={() => setSaved(false)}>
          {t('account.profile.saved')}
        </Notification>
      ) : null}
      <FormError message={formError} />
      <div className="columns">
        <div className="column is-narrow">
          <figure className="image is-128x128 avatar-preview">
            {shownAvatar ? (
              <img
                className="is-rounded"
                src={shownAvatar}
                alt={preview ? t('account.profile.avatarPreview') : t('account.profile.avatarCurrent')}
                width={128}
                height={128}
              />
            ) : (
              <span className="avatar-placeholder" role="img" aria-label={t('account.profile.noAvatar')}>
                {(user.first_name[0] ?? user.username[0] ?? '?').toUpperCase()}
              </span>
            )}
          </figure>
        </div>
        <div className="column">
          <Field
            label={t('account.profile.avatar')}
            id={avatarId}
            error={avatarError}
            help={t('account.profile.avatarHelp')}
          >
            <div className="file has-name is-fullwidth">
              <label className="file-label">
                <input
                  ref={fileInput}
                  id={avatarId}
                  className="file-input"
                  type="file"
                  name="avatar"
                  accept={AVATAR_TYPES.join(',')}
                  onChange={onAvatarChange}
                  aria-describedby={[`${avatarId}-help`, avatarError && `${avatarId}-error`]
                    .filter(Boolean)
                    .join(' ')}
                  aria-invalid={avatarError ? true : undefined}
                  data-testid="avatar-input"
                />
                <span className="file-cta">
                  <span className="file-label">{t('account.profile.chooseFile')}</span>
                </span>
                <span className="file-name">{avatar ? avatar.name : t('account.profile.noFile')}</span>
              </label>
            </div>
          </Field>
          {avatar ? (
            <Button size="small" variant="light" onClick={clearAvatar}>
              {t('account.profile.removeChoice')}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="columns mb-0">
        <div className="column">
          <InputField
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            registration={register('first_name')}
            error={errors.first_name?.message}
            id="profile-first-name"
          />
        </div>
        <div className="column">
          <InputField
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            registration={register('last_name')}
            error={errors.last_name?.message}
            id="profile-last-name"
          />
        </div>
      </div>
      <InputField
        label={t('auth.fields.username')}
        autoComplete="username"
        registration={register('username')}
        error={errors.username?.message}
        id="profile-username"
      />
      <InputField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
        id="profile-email"
      />
      {emailChanging ? (
        <InputField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          registration={register('current_password')}
          error={errors.current_password?.message}
          help={t('account.profile.emailPasswordHelp')}
          id="profile-current-password"
          data-testid="profile-current-password"
        />
      ) : null}
      <Button type="submit" variant="primary" isLoading={isSubmitting}>
        {t('account.profile.submit')}
      </Button>
    </form>
  );
}
