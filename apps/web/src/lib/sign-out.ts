import { useNavigate } from 'react-router';
import { api } from './api-client';
import { useSession } from './session';
import { uiActions } from './ui-store';

/** Signs out on the server, then forgets the session and this account's UI state locally. */
export function useSignOut(): (redirectTo: string) => Promise<void> {
  const { markSignedOut } = useSession();
  const navigate = useNavigate();
  return async (redirectTo: string) => {
    await api.post('/api/auth/sign-out');
    uiActions.resetForSignOut();
    // What this tab kept for the account (an unfinished questionnaire) is not the next person's.
    globalThis.sessionStorage.clear();
    markSignedOut(null);
    await navigate(redirectTo, { replace: true });
  };
}

/** Sign-off toasts (SPEC §8). */
export const SIGN_OFF_TOASTS = {
  success: {
    title: 'Signed off successfully',
    description: "You've signed off. See you next time!",
  },
  failure: {
    title: 'Error signing off',
    description: 'There was a problem signing you out. Please try again.',
  },
} as const;
