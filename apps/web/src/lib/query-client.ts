import { QueryClient } from '@tanstack/react-query';

/** Server state of the signed-in workspace (loaded with the shell, not by `/` or `/login`). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
