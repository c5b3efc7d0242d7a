import { CARE_SCOPE_LABELS, type CareScope } from '@kaleido/shared/care/care.schemas';
import type { CarePerson } from '@kaleido/shared/care/care-reads.schemas';
import {
  CARE_ACCESS_LABELS,
  type AccessLogEntry,
  type CareAccessWhat,
  type ConsentChange,
  type LoggedProfessional,
} from '@kaleido/shared/care/care-records.schemas';

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

const ITEM: Record<CareAccessWhat, [string, string]> = {
  mood_trend: ['entry', 'entries'],
  shared_entries: ['entry', 'entries'],
  transcripts: ['transcript', 'transcripts'],
  alert: ['item', 'items'],
  report: ['item', 'items'],
  profile: ['field', 'fields'],
  insights: ['card', 'cards'],
  person: ['scope shared', 'scopes shared'],
  alert_list: ['alert', 'alerts'],
};

/** A professional as the person's records name them; a deleted account says so. */
export function professionalName(professional: LoggedProfessional): string {
  return professional.id === null ? `${professional.name} (account deleted)` : professional.name;
}

/**
 * "Carol viewed your mood trend, 3 entries, on 24 Nov 2026"; identical reads of one hour are one
 * row, which adds ", 4 times".
 */
export function accessSentence(entry: AccessLogEntry): string {
  const [one, many] = ITEM[entry.what];
  const count = `${entry.itemCount} ${entry.itemCount === 1 ? one : many}`;
  const times = entry.readCount > 1 ? `, ${entry.readCount} times` : '';
  return `${professionalName(entry.professional)} viewed ${CARE_ACCESS_LABELS[entry.what]}, ${count}, on ${formatDay(entry.at)}${times}`;
}

/** "Carol: Voice note transcripts shared until 3 Dec 2026, on 24 Nov 2026". */
export function consentSentence(change: ConsentChange): string {
  const scope = change.scope ? CARE_SCOPE_LABELS[change.scope] : '';
  const until = change.expiresAt ? ` until ${formatDay(change.expiresAt)}` : '';
  const what = {
    invited: 'invitation sent',
    accepted: 'invitation accepted',
    declined: 'invitation declined',
    ended: 'working together ended',
    granted: `${scope} shared${until}`,
    changed: `${scope} now shared${until || ' with no end date'}`,
    revoked: `${scope} no longer shared`,
  }[change.action];
  return `${professionalName(change.professional)}: ${what}, on ${formatDay(change.at)}`;
}

/** What the person's page says, plainly, for each type of data the person does not share. */
export function notSharedSentence(name: string, scope: CareScope): string {
  switch (scope) {
    case 'mood_and_insights':
      return `${name} does not share their mood or insights with you.`;
    case 'shared_journal_entries':
      return `${name} does not share journal entries with you.`;
    case 'voice_note_transcripts':
      return `${name} does not share voice note transcripts with you.`;
  }
}

/** "Personal Statement", "A and B", "A, B and C". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Chat, mail and calls with the person, one click each (the features' own link formats). */
export function contactLinks(person: Pick<CarePerson, 'id' | 'name' | 'email'>) {
  const name = encodeURIComponent(person.name);
  return {
    chat: `/app/chat/new?with=${encodeURIComponent(person.id)}`,
    mail: person.email ? `/app/email/compose?to=${encodeURIComponent(person.email)}` : null,
    audioCall: `/app/calls/new/audio?to=${encodeURIComponent(person.id)}&name=${name}`,
    videoCall: `/app/calls/new/video?to=${encodeURIComponent(person.id)}&name=${name}`,
  };
}
