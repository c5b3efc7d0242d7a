import type { Mood, PrivacyLevel } from '@kaleido/shared/journal/journal.constants';
import type {
  CreateJournalEntryBody,
  JournalCalendar,
  JournalDraft,
  JournalDraftBody,
  JournalDraftLookup,
  JournalEntry,
  JournalEntryVersion,
  JournalPrompts,
  JournalTag,
  UpdateJournalEntryBody,
} from '@kaleido/shared/journal/journal.schemas';
import { api } from '../../../lib/api-client';

export const fetchJournalEntry = (id: string) =>
  api.get<JournalEntry>(`/api/journal/entries/${id}`);

export const createJournalEntry = (body: Partial<CreateJournalEntryBody>) =>
  api.post<JournalEntry>('/api/journal/entries', body);

/** Multipart: the fields first, then the audio (the server reads them in that order). */
export function createVoiceJournalEntry(input: {
  audio: Blob;
  durationMs: number;
  title: string;
  mood: Mood;
  privacyLevel: PrivacyLevel;
  tags: string[];
}): Promise<JournalEntry> {
  const form = new FormData();
  if (input.title.trim()) form.append('title', input.title.trim());
  form.append('mood', input.mood);
  form.append('privacyLevel', input.privacyLevel);
  if (input.tags.length > 0) form.append('tags', input.tags.join(','));
  form.append('durationMs', String(Math.round(input.durationMs)));
  form.append('file', input.audio, 'journal-entry.webm');
  return api.post<JournalEntry>('/api/journal/voice-entries', form);
}

export const updateJournalEntry = (id: string, changes: UpdateJournalEntryBody) =>
  api.patch<JournalEntry>(`/api/journal/entries/${id}`, changes);

export async function deleteJournalEntry(id: string): Promise<void> {
  await api.delete(`/api/journal/entries/${id}`);
}

export async function fetchJournalHistory(id: string): Promise<JournalEntryVersion[]> {
  const { versions } = await api.get<{ versions: JournalEntryVersion[] }>(
    `/api/journal/entries/${id}/history`,
  );
  return versions;
}

export async function fetchJournalTags(): Promise<JournalTag[]> {
  const { tags } = await api.get<{ tags: JournalTag[] }>('/api/journal/tags');
  return tags;
}

export const fetchJournalCalendar = (month: string) =>
  api.get<JournalCalendar>(`/api/journal/calendar?month=${month}`);

/** The saved draft, or null when there is none (the server answers 404 then). */
export async function fetchJournalDraft(key: string): Promise<JournalDraft | null> {
  return (await api.get<JournalDraftLookup>(`/api/journal/drafts/${key}`)).saved;
}

export const saveJournalDraft = (key: string, draft: JournalDraftBody) =>
  api.put<JournalDraft>(`/api/journal/drafts/${key}`, draft);

export async function deleteJournalDraft(key: string): Promise<void> {
  await api.delete(`/api/journal/drafts/${key}`);
}

export const journalExportUrl = (id: string, type: 'md' | 'pdf') =>
  `/api/journal/entries/${id}/export.${type}`;

export const fetchJournalPrompts = () => api.get<JournalPrompts>('/api/journal/prompts');

/** Markdown or PDF of every entry in a date range (either end may be open). */
export function journalRangeExportUrl(type: 'md' | 'pdf', from?: string, to?: string): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return `/api/journal/export.${type}${search ? `?${search}` : ''}`;
}

export const renameJournalTag = (id: string, name: string) =>
  api.patch<JournalTag>(`/api/journal/tags/${id}`, { name });

export const mergeJournalTag = (id: string, intoTagId: string) =>
  api.post<JournalTag>(`/api/journal/tags/${id}/merge`, { intoTagId });

export async function deleteJournalTag(id: string): Promise<void> {
  await api.delete(`/api/journal/tags/${id}`);
}
