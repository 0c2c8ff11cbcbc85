import type { AccessLinkDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export interface GenerateAccessLinkInput {
  seminarId: number;
  /** the employee's assignment (booking id) */
  userBookedId: number;
  expires_in_days: number;
}

/** `POST /api/companies/generate-access-link` → 201 the link with its `url` (404 when not managed). */
export const generateAccessLink = (input: GenerateAccessLinkInput) =>
  api.post<AccessLinkDto>('/api/companies/generate-access-link', input);

export function useGenerateAccessLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAccessLink,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.accessLinks() }),
  });
}
