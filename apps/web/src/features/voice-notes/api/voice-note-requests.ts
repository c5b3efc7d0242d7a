import type { SpeechStatus } from '@kaleido/shared/speech/speech.schemas';
import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { api } from '../../../lib/api-client';

export type VoiceNoteBox = 'mine' | 'inbox' | 'sent';

export interface VoiceNoteListParams {
  box: VoiceNoteBox;
  q?: string;
  from?: string;
  to?: string;
}

export interface VoiceNoteSettings {
  autoTranscribe: boolean;
  keepAudio: boolean;
}

export function voiceNoteAudioUrl(id: string, download = false): string {
  return `/api/voice-notes/${id}/audio${download ? '?download=1' : ''}`;
}

export async function fetchVoiceNotes(params: VoiceNoteListParams): Promise<VoiceNote[]> {
  const query = new URLSearchParams({ box: params.box });
  if (params.q) query.set('q', params.q);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  const { notes } = await api.get<{ notes: VoiceNote[] }>(`/api/voice-notes?${query.toString()}`);
  return notes;
}

/** Multipart upload: the fields first, then the audio (the server reads them in that order). */
export function createVoiceNote(input: {
  audio: Blob;
  filename: string;
  durationMs: number;
  title?: string;
}): Promise<VoiceNote> {
  const form = new FormData();
  if (input.title) form.append('title', input.title);
  form.append('durationMs', String(Math.round(input.durationMs)));
  form.append('file', input.audio, input.filename);
  return api.post<VoiceNote>('/api/voice-notes', form);
}

export function updateVoiceNote(
  id: string,
  changes: { title?: string; transcript?: string },
): Promise<VoiceNote> {
  return api.patch<VoiceNote>(`/api/voice-notes/${id}`, changes);
}

export async function deleteVoiceNote(id: string): Promise<void> {
  await api.delete(`/api/voice-notes/${id}`);
}

export function sendVoiceNote(id: string, recipientId: string): Promise<VoiceNote> {
  return api.post<VoiceNote>(`/api/voice-notes/${id}/send`, { recipientId });
}

/** A recipient pressed play (fetching the audio alone is not listening). */
export function markVoiceNoteListened(id: string): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/api/voice-notes/${id}/listened`);
}

export function transcribeVoiceNoteAgain(id: string): Promise<VoiceNote> {
  return api.post<VoiceNote>(`/api/voice-notes/${id}/transcribe`);
}

export function fetchVoiceNoteSettings(): Promise<VoiceNoteSettings> {
  return api.get<VoiceNoteSettings>('/api/voice-notes/settings');
}

export function updateVoiceNoteSettings(
  changes: Partial<VoiceNoteSettings>,
): Promise<VoiceNoteSettings> {
  return api.patch<VoiceNoteSettings>('/api/voice-notes/settings', changes);
}

export function fetchSpeechStatus(): Promise<SpeechStatus> {
  return api.get<SpeechStatus>('/api/speech/status');
}
