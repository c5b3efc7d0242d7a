import type {
  MailAction,
  MailAttachment,
  MailCounts,
  MailDraft,
  MailFolder,
  MailMessage,
  ReplyMode,
  SaveDraftBody,
} from '@kaleido/shared/email/email.schemas';
import { api } from '../api-client';

/** The internal mailbox (docs/api/email.md): one key family, so a live arrival refreshes all. */
export const emailKeys = {
  all: ['mail'] as const,
  counts: ['mail', 'counts'] as const,
  lists: ['mail', 'list'] as const,
  list: (folder: MailFolder | null, q: string) => ['mail', 'list', folder, q] as const,
  message: (id: string) => ['mail', 'message', id] as const,
  draft: (id: string) => ['mail', 'draft', id] as const,
};

export interface MailPage {
  messages: MailMessage[];
  nextCursor: string | null;
}

export function fetchMailPage(folder: MailFolder | null, q: string, cursor: string | null) {
  const query = new URLSearchParams();
  if (folder && !q) query.set('folder', folder);
  if (q) query.set('q', q);
  if (cursor) query.set('cursor', cursor);
  return api.get<MailPage>(`/api/email/messages?${query.toString()}`);
}

export const fetchMailCounts = () => api.get<{ counts: MailCounts }>('/api/email/folders');

export const fetchMailMessage = (id: string) =>
  api.get<{ message: MailMessage; thread: MailMessage[] }>(`/api/email/messages/${id}`);

export const fetchMailDraft = (id: string) =>
  api.get<{ draft: MailDraft }>(`/api/email/drafts/${id}`);

export const saveMailDraft = (id: string, body: SaveDraftBody) =>
  api.put<{ draft: MailDraft }>(`/api/email/drafts/${id}`, body);

export const sendMailDraft = (id: string, body: SaveDraftBody) =>
  api.post<{ message: MailMessage }>(`/api/email/drafts/${id}/send`, body);

export const discardMailDraft = (id: string) => api.delete<unknown>(`/api/email/drafts/${id}`);

export const replyToMail = (id: string, mode: ReplyMode) =>
  api.post<{ draft: MailDraft }>(`/api/email/messages/${id}/reply`, { mode });

export const actOnMail = (ids: string[], action: MailAction) =>
  api.post<{ updated: string[]; counts: MailCounts }>('/api/email/messages/bulk', { ids, action });

export const emptyMailTrash = () => api.delete<{ deleted: number }>('/api/email/trash');

export function attachToDraft(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ attachment: MailAttachment }>(`/api/email/drafts/${id}/attachments`, form);
}

export const detachFromDraft = (id: string, fileId: string) =>
  api.delete<unknown>(`/api/email/drafts/${id}/attachments/${fileId}`);
