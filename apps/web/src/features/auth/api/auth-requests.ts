import type { SignInResult } from '@kaleido/shared/auth/auth.schemas';
import { api } from '../../../lib/api-client';

export function signIn(body: { email: string; password: string }) {
  return api.post<SignInResult>('/api/auth/sign-in', body, {
    expectUnauthorized: true,
  });
}

export function signUp(body: { email: string; password: string; fullName: string }) {
  return api.post<{ message: string }>('/api/auth/sign-up', body);
}

export function verifyTwoFactor(code: string, useRecoveryCode: boolean) {
  const path = useRecoveryCode ? '/api/auth/two-factor/recover' : '/api/auth/two-factor/verify';
  return api.post<unknown>(path, { code }, { expectUnauthorized: true });
}

export function requestPasswordReset(email: string) {
  return api.post<{ message: string }>('/api/auth/request-password-reset', { email });
}

export function resetPassword(token: string, password: string) {
  return api.post<{ message: string }>('/api/auth/reset-password', { token, password });
}

export function resendVerification(email: string) {
  return api.post<{ message: string }>('/api/auth/resend-verification', { email });
}
