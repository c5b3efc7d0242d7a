import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventData, realtime } from '../../../lib/realtime';
import { fetchVoiceNotes, type VoiceNoteListParams } from '../api/voice-note-requests';

export const VOICE_NOTES_KEY = ['voice-notes'] as const;

/** One box of notes, kept current by the realtime events of this user's room. */
export function useVoiceNotes(params: VoiceNoteListParams) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...VOICE_NOTES_KEY, 'list', params],
    queryFn: () => fetchVoiceNotes(params),
    placeholderData: (previous) => previous,
  });

  useEffect(
    () =>
      realtime.onEvent((message) => {
        const update = eventData(message, 'transcription.updated');
        if (update?.targetKind === 'voice-note') {
          // Show the transcript at once, then read the note again (audio may have been dropped).
          queryClient.setQueriesData<VoiceNote[]>(
            { queryKey: [...VOICE_NOTES_KEY, 'list'] },
            (notes) =>
              notes?.map((note) =>
                note.id !== update.targetId
                  ? note
                  : {
                      ...note,
                      transcriptStatus:
                        update.status === 'done'
                          ? 'done'
                          : update.status === 'failed'
                            ? 'failed'
                            : 'pending',
                      transcript: update.status === 'done' ? (update.text ?? '') : note.transcript,
                    },
              ),
          );
          void queryClient.invalidateQueries({ queryKey: [...VOICE_NOTES_KEY, 'list'] });
        }
        // A note sent to me arrives with a 'voice' notification: read the inbox again.
        if (eventData(message, 'notification.created')?.notification.type === 'voice') {
          void queryClient.invalidateQueries({ queryKey: [...VOICE_NOTES_KEY, 'list'] });
        }
      }),
    [queryClient],
  );

  return query;
}
