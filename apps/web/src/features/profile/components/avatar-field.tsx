import { useMutation, useQueryClient } from '@tanstack/react-query';
import { READ_ONLY_MESSAGE } from '@kaleido/shared/profile/profile-fields';
import { ImageUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { nameInitials } from '../../../components/ui/avatar';
import { ApiRequestError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { profileKeys, uploadAvatar } from '../../../lib/api/profile';
import { settingsKeys } from '../../../lib/api/settings';
import { useSaveProfileField } from '../hooks/use-profile';
import { PROFILE_TOASTS } from '../profile-messages';

/** The avatar: the picture (or initials), upload of an image file, and removal. */
export function AvatarField({
  url,
  name,
  editable,
}: {
  url: string;
  name: string;
  editable: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const { reload } = useSession();
  const clear = useSaveProfileField();
  const upload = useMutation({
    mutationFn: (file: File) => uploadAvatar(file),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.self, profile);
      // Everything else that shows the avatar reads the settings or the session again.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      void reload().catch(() => undefined);
      toast.success(PROFILE_TOASTS.saved.title, { description: PROFILE_TOASTS.saved.description });
    },
    onError: (error) => {
      toast.error(PROFILE_TOASTS.saveFailed.title, {
        description:
          error instanceof ApiRequestError ? error.message : PROFILE_TOASTS.saveFailed.description,
      });
    },
  });

  return (
    <div className="flex flex-wrap items-center gap-4" data-field="avatar_url">
      {url ? (
        <img
          src={url}
          alt="Your avatar"
          className="size-16 rounded-full border object-cover"
          data-testid="profile-avatar-image"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-16 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        >
          {nameInitials(name)}
        </span>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="sr-only"
        aria-label="Avatar image file"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      <div className="flex gap-2">
        <Button
          variant="outline"
          disabled={!editable || upload.isPending}
          title={editable ? undefined : READ_ONLY_MESSAGE}
          onClick={() => input.current?.click()}
        >
          <ImageUp aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : 'Upload avatar'}
        </Button>
        {url && (
          <Button
            variant="ghost"
            disabled={!editable || clear.isPending}
            onClick={() =>
              clear.mutate(
                { field: 'avatar_url', value: '' },
                // The top bar and avatar menu read the avatar from the session.
                { onSuccess: () => void reload().catch(() => undefined) },
              )
            }
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <p className="w-full text-xs text-muted-foreground">
        A PNG, JPEG, WebP or GIF image up to 5 MB, visible to your professionals.
      </p>
    </div>
  );
}
