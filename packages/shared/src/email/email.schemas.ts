import { z } from 'zod';

/**
 * The internal mailbox (SPEC §2 Email, §3 demo email entity, §4 Email; DESIGN §9): messages
 * between Kaleido accounts, plain text, one state row per person (folder, read, starred).
 * Resources keep the demo entity's names (`from`, `to`, `subject`, `content`, `timestamp`,
 * `isRead`, `isStarred`, `folder`); request bodies are camelCase.
 */
export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'archive', 'trash'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export const MAIL_SUBJECT_MAX = 255;
export const MAIL_CONTENT_MAX = 100_000;
/** Drafts hold more than a message may send, so an oversized draft is kept and refused at send. */
export const MAIL_DRAFT_SUBJECT_MAX = 2_000;
export const MAIL_DRAFT_CONTENT_MAX = 200_000;
export const MAIL_RECIPIENTS_MAX = 50;
export const MAIL_ATTACHMENTS_MAX = 10;
export const MAIL_PAGE_SIZE = 50;
/** Trash is emptied for good after this many days. */
export const MAIL_TRASH_DAYS = 30;
export const MAIL_SNIPPET_LENGTH = 140;

export const MAIL_MESSAGES = {
  noRecipients: 'Please add at least one recipient.',
  selfRecipient: 'You cannot send a message to yourself.',
  tooManyRecipients: `A message can go to at most ${MAIL_RECIPIENTS_MAX} people.`,
  subjectTooLong: `Subject must be at most ${MAIL_SUBJECT_MAX} characters. Your draft is kept.`,
  contentTooLong: `Message must be at most ${MAIL_CONTENT_MAX.toLocaleString('en-US')} characters. Your draft is kept.`,
  draftTooLong: 'This draft is too long to save.',
  empty: 'Please write a subject or a message.',
  tooManyAttachments: `A message can carry at most ${MAIL_ATTACHMENTS_MAX} attachments.`,
  noFile: 'Please choose a file to attach.',
  messageNotFound: 'Message not found',
  draftNotFound: 'Draft not found',
  attachmentNotFound: 'File not found',
  sendTooFast: 'You are sending mail too fast. Please wait a few minutes and try again.',
  noSubject: '(no subject)',
  deletedUser: 'Deleted user',
} as const;

export const MailPersonSchema = z.object({
  /** null for a deleted account, or an address a draft names that is no account yet. */
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});
export type MailPerson = z.infer<typeof MailPersonSchema>;

export const MailAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** GET this (sender and recipients only). */
  url: z.string(),
});
export type MailAttachment = z.infer<typeof MailAttachmentSchema>;

export const MailMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  inReplyTo: z.string().nullable(),
  from: MailPersonSchema,
  to: z.array(MailPersonSchema),
  cc: z.array(MailPersonSchema),
  subject: z.string(),
  content: z.string(),
  snippet: z.string(),
  /** When it was sent (a draft: last saved). */
  timestamp: z.string(),
  isRead: z.boolean(),
  isStarred: z.boolean(),
  folder: z.enum(MAIL_FOLDERS),
  attachments: z.array(MailAttachmentSchema),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;

export const MailDraftSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  inReplyTo: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  content: z.string(),
  attachments: z.array(MailAttachmentSchema),
  updatedAt: z.string(),
});
export type MailDraft = z.infer<typeof MailDraftSchema>;

const Address = z.string().trim().min(1).max(254, 'Email address is too long');

const draftFields = {
  to: z.array(Address).max(200, MAIL_MESSAGES.tooManyRecipients),
  cc: z.array(Address).max(200, MAIL_MESSAGES.tooManyRecipients),
  subject: z.string().max(MAIL_DRAFT_SUBJECT_MAX, MAIL_MESSAGES.draftTooLong),
  content: z.string().max(MAIL_DRAFT_CONTENT_MAX, MAIL_MESSAGES.draftTooLong),
};

/** The autosaved draft (PUT /api/email/drafts/:id): anything goes until it is sent. */
export const SaveDraftBodySchema = z.object({
  to: draftFields.to.default([]),
  cc: draftFields.cc.default([]),
  subject: draftFields.subject.default(''),
  content: draftFields.content.default(''),
});
export type SaveDraftBody = z.infer<typeof SaveDraftBodySchema>;

/** A send may carry the latest text (saved first, so a refusal keeps it). */
export const SendDraftBodySchema = z
  .object({
    to: draftFields.to.optional(),
    cc: draftFields.cc.optional(),
    subject: draftFields.subject.optional(),
    content: draftFields.content.optional(),
  })
  .default({});

export const ReplyBodySchema = z.object({
  mode: z.enum(['reply', 'replyAll', 'forward'], {
    error: 'mode must be reply, replyAll or forward',
  }),
});
export type ReplyMode = z.infer<typeof ReplyBodySchema>['mode'];

export const MAIL_ACTIONS = [
  'read',
  'unread',
  'star',
  'unstar',
  'archive',
  'inbox',
  'trash',
  'restore',
  'delete',
] as const;
export type MailAction = (typeof MAIL_ACTIONS)[number];

export const BulkActionBodySchema = z.object({
  ids: z.array(z.uuid('ids must be message ids')).min(1, 'Select at least one message.').max(500),
  action: z.enum(MAIL_ACTIONS, { error: `action must be one of ${MAIL_ACTIONS.join(', ')}` }),
});

export const MailListQuerySchema = z.object({
  folder: z.enum(MAIL_FOLDERS).optional(),
  q: z.string().trim().max(200).optional(),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MAIL_PAGE_SIZE),
  starred: z.enum(['true', 'false']).optional(),
});
export type MailListQuery = z.infer<typeof MailListQuerySchema>;

export const MailCountsSchema = z.record(
  z.enum(MAIL_FOLDERS),
  z.object({ total: z.number(), unread: z.number() }),
);
export type MailCounts = z.infer<typeof MailCountsSchema>;

export const MailEventSchemas = {
  /** New mail reached this person's inbox (their tabs refresh the list and counts). */
  'mail.received': z.object({ message: MailMessageSchema }),
  /** Something of this person's mailbox changed in another tab (send, move, read, draft). */
  'mail.changed': z.object({ ids: z.array(z.string()) }),
} as const;

export function snippetOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > MAIL_SNIPPET_LENGTH ? `${flat.slice(0, MAIL_SNIPPET_LENGTH - 1)}…` : flat;
}
