import type { CompanyRegisterBody } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/companies/register` (guests) → 201 `{message}`: a new account that belongs to the
 * invitation's company; the verification mail goes out as for `/api/register`.
 */
export const companyRegister = (body: CompanyRegisterBody) =>
  api.post<{ message: string }>('/api/companies/register', body);

export const useCompanyRegister = () => useMutation({ mutationFn: companyRegister });
