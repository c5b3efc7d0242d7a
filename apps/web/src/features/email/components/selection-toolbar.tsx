import type { MailAction, MailFolder } from '@kaleido/shared/email/email.schemas';
import { Button } from '../../../components/ui/button';

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
              <Button size="sm" variant="outline" onClick={() => onAct('delete')}>
                Delete forever
              </Button>
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
        <Button size="sm" variant="destructive" onClick={onEmptyTrash}>
          Empty trash
        </Button>
      )}
    </div>
  );
}
