import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client';
import { findabilityKey, getFindability, setFindability } from '../../../lib/api/users-search';
import { SETTINGS_TOASTS } from '../settings-messages';
import { SwitchRow } from './setting-switch';

/**
 * 'Let people find me by name' (decision 045): off, only people who share a conversation, a
 * letter or a relationship with me find me in the pickers; on, anyone on this instance does.
 */
export function FindableSwitch() {
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: findabilityKey, queryFn: getFindability });
  const save = useMutation({
    mutationFn: (findable: boolean) => setFindability({ findable }),
    onSuccess: (next) => {
      queryClient.setQueryData(findabilityKey, next);
      toast.success(SETTINGS_TOASTS.saved.title, {
        description: SETTINGS_TOASTS.saved.description,
      });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const checked = save.isPending ? save.variables : (current.data?.findable ?? false);
  return (
    <SwitchRow
      name="findable"
      label="Let people find me by name"
      description="Off: only people you share a conversation, a letter or a care relationship with find you. Anyone else needs your exact email address."
      checked={checked}
      disabled={!current.isSuccess || save.isPending}
      onCheckedChange={(next) => save.mutate(next)}
    />
  );
}
