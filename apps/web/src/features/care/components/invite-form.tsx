import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiRequestError } from '../../../lib/api-client';
import { careApi, careKeys } from '../api/care-requests';

/** Invite by email: a person invites a professional, a professional invites a person. */
export function InviteForm({ as, label }: { as: 'person' | 'professional'; label: string }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () => careApi.invite({ email, as }),
    // The same sentence whether or not someone uses the address (decision 045).
    onSuccess: ({ message }) => {
      setMessage(message);
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: careKeys.all });
    },
    onError: (error) =>
      setMessage(
        error instanceof ApiRequestError ? error.message : 'Could not send the invitation.',
      ),
  });
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setMessage(null);
    invite.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label className="text-sm font-medium" htmlFor={`invite-${as}`}>
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={`invite-${as}`}
          type="email"
          required
          placeholder="name@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={invite.isPending || !email}>
          Invite
        </Button>
      </div>
      {message && (
        <p role="status" className="text-sm text-muted-foreground">
          {message}
        </p>
      )}
    </form>
  );
}
