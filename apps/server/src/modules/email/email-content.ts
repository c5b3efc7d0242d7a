import type { ContentEvents } from '../content/content-events';
import type { EmailRepository } from './email.repository';

/** The line a forward starts its copy of the original with (everything after is not the sender's). */
export const FORWARD_MARK = '---------- Forwarded message ----------';

const QUOTE_INTRO = /^On .+ wrote:$/;
const ANSWER_PREFIX = /^(re|fwd?):/i;

/**
 * What the sender wrote in a message: the body without what a reply quotes ('> …' and the
 * 'On …, … wrote:' line above it) or a forward carries, and the subject unless it is someone
 * else's with 'Re:' or 'Fwd:' in front.
 */
export function ownWords(subject: string, body: string): string {
  const forwarded = body.indexOf(FORWARD_MARK);
  const written = (forwarded >= 0 ? body.slice(0, forwarded) : body)
    .split('\n')
    .filter((line) => !line.startsWith('>') && !QUOTE_INTRO.test(line.trim()))
    .join('\n')
    .trim();
  const title = ANSWER_PREFIX.test(subject.trim()) ? '' : subject.trim();
  return [title, written].filter(Boolean).join('\n\n');
}

/**
 * Mail a person sends, as analysis reads it: only sent messages, only the sender's own words,
 * and only while the sender still holds their copy (deleting it for good says 'deleted').
 */
export function registerMailContent(content: ContentEvents, repository: EmailRepository) {
  content.registerSource('mail', {
    async load(id) {
      const message = await repository.findMessage(id);
      if (!message?.senderId || !message.sentAt) return null;
      if (!(await repository.findState(message.senderId, id))) return null;
      return {
        userId: message.senderId,
        text: ownWords(message.subject, message.body),
        occurredAt: message.sentAt,
        mood: null,
        title: message.subject.trim() || 'Email',
        href: `/app/email/sent?message=${id}`,
        tags: [],
      };
    },
    idsOf: (userId) => repository.sentHeldBy(userId),
  });
}
