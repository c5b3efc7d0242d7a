import { MAIL_MESSAGES } from '@kaleido/shared/email/email.schemas';
import { notFound } from '../../http/errors';
import { UUID } from './email-presenter';
import type { EmailRepository } from './email.repository';

/**
 * What a person holds: their own draft, or their copy of a message. Someone else's (or an id
 * that is no UUID) answers 404 like a missing one, so its existence does not leak.
 */
export const messageNotFound = () => notFound(MAIL_MESSAGES.messageNotFound);
export const draftNotFound = () => notFound(MAIL_MESSAGES.draftNotFound);

export async function ownDraft(
  repo: Pick<EmailRepository, 'findDraft'>,
  userId: string,
  id: string,
) {
  const draft = UUID.test(id) ? await repo.findDraft(userId, id) : null;
  if (!draft) throw draftNotFound();
  return draft;
}

export async function heldMessage(
  repo: Pick<EmailRepository, 'findState' | 'findMessage'>,
  userId: string,
  id: string,
) {
  const state = UUID.test(id) ? await repo.findState(userId, id) : null;
  const message = state ? await repo.findMessage(id) : null;
  if (!state || !message) throw messageNotFound();
  return { state, message };
}
