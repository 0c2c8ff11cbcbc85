import type { ApiError } from '@/lib/api-client';

/** Spec section 3: the registration state (error message, valid, mail sent, verified, error). */
export interface RegistrationState {
  errorMessage: string | null;
  valid: boolean;
  mailSent: boolean;
  verified: boolean;
  verificationError: ApiError | null;
}

export const initialRegistrationState: RegistrationState = {
  errorMessage: null,
  valid: false,
  mailSent: false,
  verified: false,
  verificationError: null,
};
