import type { MailCounts, MailFolder } from '@kaleido/shared/email/email.schemas';
import { Archive, FileText, Inbox, PenSquare, Send, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const FOLDERS: { folder: MailFolder; label: string; icon: typeof Inbox }[] = [
  { folder: 'inbox', label: 'Inbox', icon: Inbox },
  { folder: 'sent', label: 'Sent', icon: Send },
  { folder: 'drafts', label: 'Drafts', icon: FileText },
  { folder: 'archive', label: 'Archive', icon: Archive },
  { folder: 'trash', label: 'Trash', icon: Trash2 },
];

/** Compose, and the folders with their unread counts (drafts: how many there are). */
export function FolderNav({
  current,
  counts,
  onCompose,
  onFolder,
}: {
  /** The folder shown, or null while composing. */
  current: MailFolder | null;
  counts: MailCounts | undefined;
  onCompose: () => void;
  onFolder: (folder: MailFolder) => void;
}) {
  return (
    <nav aria-label="Mail folders" className="flex flex-col gap-1">
      <Button className="mb-2" onClick={onCompose}>
        <PenSquare aria-hidden="true" /> Compose
      </Button>
      {FOLDERS.map(({ folder: f, label, icon: Icon }) => {
        const unread = counts?.[f].unread ?? 0;
        const total = counts?.[f].total ?? 0;
        const shown = f === 'drafts' ? total : unread;
        return (
          <button
            key={f}
            type="button"
            aria-current={current === f ? 'page' : undefined}
            onClick={() => onFolder(f)}
            className={cn(
              'flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent',
              current === f && 'bg-accent font-medium',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            <span className="flex-1">{label}</span>
            {shown > 0 && (
              <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">
                {shown}
                <span className="sr-only">{f === 'drafts' ? ' drafts' : ' unread'}</span>
              </span>
            )}
          </button>
        );
      })}
    </nav>
  );
}
