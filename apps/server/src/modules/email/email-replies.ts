import type { MailMessage, MailPerson, ReplyMode } from '@kaleido/shared/email/email.schemas';
import { FORWARD_MARK } from './email-content';

const prefixed = (prefix: string, subject: string) =>
  subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`;

/**
 * The draft a reply, reply to all or forward starts as: who it goes to (never the person
 * answering, `me`), the subject with 'Re:' or 'Fwd:' once, and the original quoted ('> ')
 * or carried below the forward mark.
 */
export function answerOf(
  mode: ReplyMode,
  shown: MailMessage,
  who: { me: string | null; iSent: boolean },
): { to: string[]; cc: string[]; subject: string; body: string } {
  const me = who.me?.toLowerCase();
  const others = (list: MailPerson[]) =>
    list.map((p) => p.email).filter((e): e is string => !!e && e.toLowerCase() !== me);
  let to: string[] = [];
  let cc: string[] = [];
  if (mode === 'reply') {
    to = who.iSent ? others(shown.to) : others([shown.from]);
  } else if (mode === 'replyAll') {
    to = who.iSent ? others(shown.to) : others([shown.from, ...shown.to]);
    cc = others(shown.cc);
  }
  const date = new Date(shown.timestamp).toUTCString();
  const quoted = shown.content
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body =
    mode === 'forward'
      ? `\n\n${FORWARD_MARK}\nFrom: ${shown.from.name}${shown.from.email ? ` <${shown.from.email}>` : ''}\nDate: ${date}\nSubject: ${shown.subject}\nTo: ${shown.to.map((p) => p.name).join(', ')}\n\n${shown.content}`
      : `\n\nOn ${date}, ${shown.from.name} wrote:\n${quoted}`;
  return { to, cc, subject: prefixed(mode === 'forward' ? 'Fwd:' : 'Re:', shown.subject), body };
}
