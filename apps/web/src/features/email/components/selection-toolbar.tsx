import type { MailAction, MailFolder } from '@kaleido/shared/email/email.schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';

const messages = (n: number) => `${n} ${n === 1 ? 'message' : 'messages'}`;

/**
 * What can be done to the selected messages of a folder: restore or delete forever in the
 * trash; archive (not from archive or sent) or delete elsewhere; read, unread and star
 * everywhere; and 'Empty trash' while the trash holds anything.
 */
export function SelectionToolbar({
  folder,
  selected,
  trashTotal,
  onAct,
  onEmptyTrash,
}: {
  folder: MailFolder;
  selected: readonly string[];
  trashTotal: number;
  onAct: (action: MailAction) => void;
  onEmptyTrash: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Selected messages">
      {selected.length > 0 && (
        <>
          {folder === 'trash' ? (
            <>
              <Button size="sm" variant="outline" onClick={() => onAct('restore')}>
                Restore
              </Button>
              <ConfirmButton
                label="Delete forever"
                title={`Delete ${messages(selected.length)} forever?`}
                description="They and their attachments will be gone for good. This cannot be undone."
                confirmLabel="Delete forever"
                pending={false}
                onConfirm={() => Promise.resolve(onAct('delete'))}
              />
            </>
          ) : (
            <>
              {folder !== 'archive' && folder !== 'sent' && (
                <Button size="sm" variant="outline" onClick={() => onAct('archive')}>
                  Archive
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => onAct('trash')}>
                Delete
              </Button>
            </>
          )}
          <Button size="sm" variant="outline" onClick={() => onAct('read')}>
            Mark read
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAct('unread')}>
            Mark unread
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAct('star')}>
            Star
          </Button>
        </>
      )}
      {folder === 'trash' && trashTotal > 0 && (
        <ConfirmButton
          label="Empty trash"
          title="Empty trash?"
          description={`All ${messages(trashTotal)} in the trash and their attachments will be gone for good. This cannot be undone.`}
          confirmLabel="Empty trash"
          pending={false}
          onConfirm={() => Promise.resolve(onEmptyTrash())}
        />
      )}
    </div>
  );
}
