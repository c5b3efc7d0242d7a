import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteVoiceNote,
  markVoiceNoteListened,
  sendVoiceNote,
  transcribeVoiceNoteAgain,
  updateVoiceNote,
} from '../api/voice-note-requests';
import { VOICE_NOTES_KEY } from './use-voice-notes';

/** The changes to one note; each answer replaces the note in every cached list. */
export function useVoiceNoteMutations(id: string) {
  const queryClient = useQueryClient();
  const listKey = [...VOICE_NOTES_KEY, 'list'];

  function replace(note: VoiceNote) {
    queryClient.setQueriesData<VoiceNote[]>({ queryKey: listKey }, (notes) =>
      notes?.map((existing) => (existing.id === note.id ? note : existing)),
    );
  }

  const update = useMutation({
    mutationFn: (changes: { title?: string; transcript?: string }) => updateVoiceNote(id, changes),
    onSuccess: replace,
  });
  const transcribe = useMutation({
    mutationFn: () => transcribeVoiceNoteAgain(id),
    onSuccess: replace,
  });
  const send = useMutation({
    mutationFn: (recipientId: string) => sendVoiceNote(id, recipientId),
    onSuccess: async (note) => {
      replace(note);
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  const listen = useMutation({
    mutationFn: () => markVoiceNoteListened(id),
    onSuccess: () =>
      queryClient.setQueriesData<VoiceNote[]>({ queryKey: listKey }, (notes) =>
        notes?.map((note) => (note.id === id ? { ...note, listened: true } : note)),
      ),
  });
  const remove = useMutation({
    mutationFn: () => deleteVoiceNote(id),
    onSuccess: async () => {
      queryClient.setQueriesData<VoiceNote[]>({ queryKey: listKey }, (notes) =>
        notes?.filter((note) => note.id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  return { update, transcribe, send, listen, remove };
}
