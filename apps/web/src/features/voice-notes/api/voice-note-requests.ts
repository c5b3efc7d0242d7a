import type { ApiError } from '@kaleido/shared/http/api-error';
import type { SpeechStatus } from '@kaleido/shared/speech/speech.schemas';
import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import { api, ApiRequestError } from '../../../lib/api-client';
import { CSRF_HEADER } from '@kaleido/shared/http/http.constants';

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

export interface FoundUser {
  id: string;
  user_id: string;
  full_name: string;
  email: string;
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

/**
 * Multipart upload: the fields first, then the audio (the server reads them in that order).
 * The JSON client does not send forms, so the anti-forgery token is passed in by the caller.
 */
export async function createVoiceNote(input: {
  audio: Blob;
  filename: string;
  durationMs: number;
  title?: string;
  csrfToken: string | null;
}): Promise<VoiceNote> {
  const form = new FormData();
  if (input.title) form.append('title', input.title);
  form.append('durationMs', String(Math.round(input.durationMs)));
  form.append('file', input.audio, input.filename);
  const response = await fetch('/api/voice-notes', {
    method: 'POST',
    headers: input.csrfToken ? { [CSRF_HEADER]: input.csrfToken } : {},
    credentials: 'same-origin',
    body: form,
  });
  const text = await response.text();
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // A proxy's HTML error page: the generic message below is all we can say.
  }
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      body as Partial<ApiError>,
      response.headers.get('retry-after'),
    );
  }
  return body as VoiceNote;
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

export async function searchUsers(q: string): Promise<FoundUser[]> {
  const { users } = await api.get<{ users: FoundUser[] }>(
    `/api/users/search?q=${encodeURIComponent(q)}`,
  );
  return users;
}
