import {
  MAIL_CONTENT_MAX,
  MAIL_MESSAGES,
  MAIL_RECIPIENTS_MAX,
  MAIL_SUBJECT_MAX,
  type SaveDraftBody,
} from '@kaleido/shared/email/email.schemas';
import { AppError, badRequest } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { ContentEvents } from '../content/content-events';
import { publishChanged } from './email-changes';
import { writeDraft } from './email-drafts';
import { draftNotFound } from './email-held';
import { UUID } from './email-presenter';
import type { EmailReading } from './email-reading';
import type { EmailRepository } from './email.repository';

export type EmailSending = ReturnType<typeof createEmailSending>;

const M = MAIL_MESSAGES;

/**
 * Sending a draft (DESIGN §9): it validates and names the problem (the draft stays), the copies
 * reach the accounts its addresses belong to, and the recipients hear of it from a job.
 */
export function createEmailSending(deps: {
  repository: Pick<
    EmailRepository,
    'findDraft' | 'findState' | 'findMessage' | 'saveDraft' | 'accountsByEmail' | 'send'
  >;
  bus: Pick<EventBus, 'publish'>;
  /** Says "saved" for mail a person sends. */
  content?: Pick<ContentEvents, 'saved'>;
  /** Tells the recipients of a sent letter (email-delivery.ts, a job). */
  announce: (senderId: string, messageId: string) => Promise<void>;
  /** The sender's copy, as the send answers it. */
  reading: Pick<EmailReading, 'get'>;
  now: () => Date;
}) {
  const { repository: repo } = deps;
  const sendersCopy = async (userId: string, id: string) =>
    (await deps.reading.get(userId, id)).message;

  return {
    /**
     * Sends a draft (saving `body` first when given). Every refusal names the problem and keeps
     * the draft; a draft already sent answers the message it became (a retried send).
     */
    async send(userId: string, id: string, body: Partial<SaveDraftBody>) {
      if (!UUID.test(id)) throw draftNotFound();
      let draft = await repo.findDraft(userId, id);
      if (!draft) {
        const state = await repo.findState(userId, id);
        const message = state ? await repo.findMessage(id) : null;
        if (message && message.senderId === userId && message.sentAt)
          return { message: await sendersCopy(userId, id), created: false };
        if (Object.keys(body).length === 0) throw draftNotFound();
      }
      if (Object.keys(body).length > 0 || !draft) {
        draft = await writeDraft(deps, userId, id, {
          to: body.to ?? draft?.draftTo ?? [],
          cc: body.cc ?? draft?.draftCc ?? [],
          subject: body.subject ?? draft?.subject ?? '',
          content: body.content ?? draft?.body ?? '',
        });
      }
      const to = draft.draftTo;
      const cc = draft.draftCc;
      const refuse = (message: string, path: string, code: 'MAIL_RECIPIENTS' | 'MAIL_TOO_LONG') =>
        new AppError(400, message, { code, errors: [{ path, message }] });
      if (to.length === 0) throw refuse(M.noRecipients, 'to', 'MAIL_RECIPIENTS');
      if (to.length + cc.length > MAIL_RECIPIENTS_MAX)
        throw refuse(M.tooManyRecipients, 'to', 'MAIL_RECIPIENTS');
      if (draft.subject.length > MAIL_SUBJECT_MAX)
        throw refuse(M.subjectTooLong, 'subject', 'MAIL_TOO_LONG');
      if (draft.body.length > MAIL_CONTENT_MAX)
        throw refuse(M.contentTooLong, 'content', 'MAIL_TOO_LONG');
      if (!draft.subject.trim() && !draft.body.trim())
        throw badRequest(M.empty, [{ path: 'content', message: M.empty }], 'VALIDATION');
      const accounts = await repo.accountsByEmail([...to, ...cc]);
      const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
      if ([...to, ...cc].some((a) => byEmail.get(a.toLowerCase())?.userId === userId))
        throw refuse(M.selfRecipient, 'to', 'MAIL_RECIPIENTS');
      // An address no account uses is not refused, nor named: the letter goes to the others and
      // the sender sees what they typed (decision 045). Its announcement is a job (delivery).
      const recipients = [
        ...to.map((a) => ({ userId: byEmail.get(a.toLowerCase())?.userId, kind: 'to' as const })),
        ...cc.map((a) => ({ userId: byEmail.get(a.toLowerCase())?.userId, kind: 'cc' as const })),
      ].filter((r): r is { userId: string; kind: 'to' | 'cc' } => r.userId !== undefined);
      const sent = await repo.send({ id, senderId: userId, recipients, at: deps.now() });
      if (!sent) return { message: await sendersCopy(userId, id), created: false };
      await deps.announce(userId, id);
      await publishChanged(deps.bus, userId, [id]);
      await deps.content?.saved({ userId, kind: 'mail', id });
      return { message: await sendersCopy(userId, id), created: true };
    },
  };
}
