import type { MailMessage } from '@kaleido/shared/email/email.schemas';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * The message open in the reader is `?message=<id>`, so a link or the back button reopens it;
 * a draft opens in compose instead.
 */
export function useOpenMessage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const openId = params.get('message');
  const open = (message: MailMessage) => {
    if (message.folder === 'drafts') {
      void navigate(`/app/email/compose?draft=${message.id}`);
      return;
    }
    setParams((p) => {
      p.set('message', message.id);
      return p;
    });
  };
  const close = () =>
    setParams((p) => {
      p.delete('message');
      return p;
    });
  return { openId, open, close };
}
