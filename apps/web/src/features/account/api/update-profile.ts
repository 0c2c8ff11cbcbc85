import type { ProfileFields, UserDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/auth';

export interface UpdateProfileInput extends ProfileFields {
  avatar?: File | null;
}

/**
 * `POST /api/user/update` as multipart: first_name, last_name, username, email, optional avatar;
 * `current_password` when the e-mail address changes.
 */
export function updateProfile({ avatar, ...fields }: UpdateProfileInput): Promise<UserDto> {
  const form = new FormData();
  form.append('first_name', fields.first_name);
  form.append('last_name', fields.last_name);
  form.append('username', fields.username);
  form.append('email', fields.email);
  if (fields.current_password) form.append('current_password', fields.current_password);
  if (avatar) form.append('avatar', avatar, avatar.name);
  return api.post<UserDto>('/api/user/update', form);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}
