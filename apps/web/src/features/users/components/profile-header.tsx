import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '../api/get-public-profile';

/** Avatar and name of a trainer's public profile. */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const name = `${profile.first_name} ${profile.last_name}`.trim() || profile.username;
  return (
    <header className="media profile-header mb-5" data-testid="public-profile">
      <div className="media-left">
        <figure className="image is-96x96 avatar-preview">
          {profile.avatar_url ? (
            <img
              className="is-rounded"
              src={profile.avatar_url}
              alt={t('profile.avatarOf', { name })}
              width={96}
              height={96}
            />
          ) : (
            <span className="avatar-placeholder is-small" role="img" aria-label={t('profile.noAvatar')}>
              {(name[0] ?? '?').toUpperCase()}
            </span>
          )}
        </figure>
      </div>
      <div className="media-content">
        <h1 className="title is-3" data-testid="profile-name">
          {name}
        </h1>
        <p className="subtitle is-6">@{profile.username}</p>
      </div>
    </header>
  );
}
