import { badRequest, notFound } from '../../http/errors';
import type { IdentityRepository } from '../identity/identity.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import type { VoiceNoteDeliveriesRepository } from './voice-note-deliveries.repository';
import type { VoiceNoteKit } from './voice-note-kit';

export type VoiceNoteSending = ReturnType<typeof createVoiceNoteSending>;

/** Sending a note to a contact: it lands in their inbox and the bell tells them. */
export function createVoiceNoteSending(deps: {
  deliveries: Pick<VoiceNoteDeliveriesRepository, 'addDelivery'>;
  identity: Pick<IdentityRepository, 'findProfile'>;
  notifications: Pick<NotificationsService, 'notify'>;
  kit: Pick<VoiceNoteKit, 'owned' | 'dto'>;
  now: () => Date;
}) {
  const { kit } = deps;

  return {
    async send(userId: string, id: string, recipientId: string) {
      const note = await kit.owned(userId, id);
      if (recipientId === userId) throw badRequest('You cannot send a voice note to yourself.');
      const recipient = await deps.identity.findProfile(recipientId);
      if (!recipient) throw notFound('That person was not found');
      await deps.deliveries.addDelivery(id, userId, recipientId, deps.now());
      const sender = await deps.identity.findProfile(userId);
      await deps.notifications.notify(recipientId, {
        type: 'voice',
        title: 'New voice note',
        message: `${sender?.fullName ?? 'Someone'} sent you "${note.title}".`,
        link: '/app/voice-notes/inbox',
        // The title is the sender's words: the bell shows it, mail does not.
        emailLine: `${sender?.fullName ?? 'Someone'} sent you a voice note.`,
      });
      return kit.dto(userId, note);
    },
  };
}
