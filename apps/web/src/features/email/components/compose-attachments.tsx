import type { MailAttachment } from '@kaleido/shared/email/email.schemas';
import { X } from 'lucide-react';
import { detachFromDraft } from '../../../lib/api/email';

/** The files on a draft, each with a button that takes it off. */
export function ComposeAttachments({
  draftId,
  attachments,
  onRemoved,
}: {
  draftId: string;
  attachments: MailAttachment[];
  onRemoved: (fileId: string) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Attachments">
      {attachments.map((a) => (
        <li key={a.id} className="inline-flex items-center gap-1 rounded border px-2 py-1 text-xs">
          {a.name}
          <button
            type="button"
            aria-label={`Remove ${a.name}`}
            onClick={() => void detachFromDraft(draftId, a.id).then(() => onRemoved(a.id))}
          >
            <X className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}
