import type { ContentEvents } from '../content/content-events';
import { isUuid } from './call-states';
import type { CallTranscriptsRepository } from './call-transcripts.repository';
import { toCall } from './calls-records';
import type { CallsRepository } from './calls.repository';

/** The analysis reads a person's lines of one call as one item: `<callId>:<userId>`. */
export const contentIdOf = (callId: string, userId: string) => `${callId}:${userId}`;

/** What a person said in a call (their own transcript lines) is analysed like what they write. */
export function registerCallTranscriptContent(
  content: Pick<ContentEvents, 'registerSource'>,
  deps: { calls: Pick<CallsRepository, 'find'>; lines: CallTranscriptsRepository },
) {
  const { calls, lines } = deps;
  content.registerSource('call', {
    /** The person's lines of one call as one text. */
    async load(contentId) {
      const [callId, userId] = contentId.split(':');
      if (!callId || !userId || !isUuid(callId)) return null;
      const own = (await lines.ofCall(callId)).filter(
        (row) => row.ownerId === userId && row.text && row.status === 'done',
      );
      const first = own[0];
      if (!first) return null;
      const record = await calls.find(callId);
      const other = record && toCall(record, userId).other.name;
      return {
        userId,
        text: own.map((row) => row.text).join('\n'),
        occurredAt: first.spokenAt,
        mood: null,
        title: other ? `Call with ${other}` : 'Call',
        href: '/app/calls/history',
        tags: [],
      };
    },
    async idsOf(userId) {
      const own = await lines.ownedBy(userId);
      return [...new Set(own.map((row) => row.callId))].map((id) => contentIdOf(id, userId));
    },
  });
}
