import type { SeminarDto, SeminarFields } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

export interface SeminarInput extends SeminarFields {
  image?: File | null;
}

/** The multipart body of create and update: text fields, flags as 0/1, the optional image. */
export function seminarFormData({ image, ...fields }: SeminarInput): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('description', fields.description);
  form.append('price', String(fields.price));
  if (fields.language) form.append('language', fields.language);
  form.append('is_public', fields.is_public ? '1' : '0');
  form.append('isCompany', fields.isCompany ? '1' : '0');
  if (fields.isCompany && fields.company_id) form.append('company_id', String(fields.company_id));
  if (fields.remove_image) form.append('remove_image', '1');
  if (image) form.append('image', image, image.name);
  return form;
}

/** `POST /api/seminars` (multipart) → 201 the new seminar. */
export const createSeminar = (input: SeminarInput) =>
  api.post<SeminarDto>('/api/seminars', seminarFormData(input));

export function useCreateSeminar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeminar,
    onSuccess: (seminar) => {
      queryClient.setQueryData(seminarKeys.detail(seminar.id), seminar);
      void queryClient.invalidateQueries({ queryKey: seminarKeys.owned() });
      void queryClient.invalidateQueries({ queryKey: seminarKeys.bookings() });
      void queryClient.invalidateQueries({ queryKey: seminarKeys.lists() });
    },
  });
}
