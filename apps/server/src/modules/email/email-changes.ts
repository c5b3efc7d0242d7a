import type { EventBus } from '../../realtime/event-bus';
import { userRoom } from '../../realtime/rooms';
import type { FilesService } from '../files/files.service';
import type { EmailRepository } from './email.repository';

/** Something of this person's mail changed: their other tabs refresh (send, move, read, draft). */
export async function publishChanged(
  bus: Pick<EventBus, 'publish'>,
  userId: string,
  ids: string[],
) {
  await bus.publish({ room: userRoom(userId), name: 'mail.changed', data: { ids } });
}

/** Of some files that left a draft or message, those no message carries any more go. */
export async function removeUnusedFiles(
  deps: { repository: Pick<EmailRepository, 'unusedFiles'>; files: Pick<FilesService, 'remove'> },
  fileIds: string[],
) {
  const unused = await deps.repository.unusedFiles(fileIds);
  if (unused.length > 0) await deps.files.remove(unused);
}
