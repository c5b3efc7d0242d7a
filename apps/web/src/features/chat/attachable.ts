import { CHAT_MEDIA_POLICY } from '@kaleido/shared/files/upload-policies';
import { toast } from 'sonner';

function accepted(file: File): boolean {
  return CHAT_MEDIA_POLICY.accept.some((type) =>
    type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type,
  );
}

/**
 * Whether a file may be attached to a chat (type and the 10 MB chat limit), checked before any
 * upload; when not, the spec's message says why. The server checks again, by content.
 */
export function attachableOrSay(file: File): boolean {
  if (file.size > CHAT_MEDIA_POLICY.maxBytes) {
    toast.error(CHAT_MEDIA_POLICY.tooLargeTitle, {
      description: CHAT_MEDIA_POLICY.tooLargeMessage,
    });
    return false;
  }
  if (!accepted(file)) {
    toast.error('Error', { description: CHAT_MEDIA_POLICY.wrongTypeMessage });
    return false;
  }
  return true;
}
