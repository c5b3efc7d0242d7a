import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, ProfileValue } from '@kaleido/shared/profile/profile.schemas';
import type { ProfileFieldId } from '@kaleido/shared/profile/profile-fields';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { profileKeys, profileQuery, updateProfileField } from '../../../lib/api/profile';
import { settingsKeys } from '../../../lib/api/settings';
import { PROFILE_TOASTS } from '../profile-messages';

/** Loads the profile; a failure shows the spec's toast once (the page shows the alert). */
export function useProfile() {
  const query = useQuery(profileQuery());
  useEffect(() => {
    if (query.isError)
      toast.error(PROFILE_TOASTS.loadFailed.title, {
        description: PROFILE_TOASTS.loadFailed.description,
      });
  }, [query.isError]);
  return query;
}

/** Saves one field; the answer (the whole profile as the server sees it now) replaces the cache. */
export function useSaveProfileField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, value }: { field: ProfileFieldId; value: ProfileValue }) =>
      updateProfileField(field, value),
    onSuccess: (profile: ProfileResponse) => {
      queryClient.setQueryData(profileKeys.self, profile);
      // Settings' Profile tab shows timezone, pronouns and avatar from the same row.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      toast.success(PROFILE_TOASTS.saved.title, { description: PROFILE_TOASTS.saved.description });
    },
    onError: () => {
      toast.error(PROFILE_TOASTS.saveFailed.title, {
        description: PROFILE_TOASTS.saveFailed.description,
      });
    },
  });
}
