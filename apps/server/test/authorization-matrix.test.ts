import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import type { VoiceNote } from '@kaleido/shared/voice-notes/voice-notes.schemas';
import {
  PDF,
  PNG,
  WEBM,
  person,
  sent,
  startConversation,
  upload,
  type Person,
} from './fixtures/chat-fixtures';
import { CARE_SCOPES } from '@kaleido/shared/care/care.schemas';
import { careAlerts } from '../src/db/schema/care';
import { awaitInvitation, invite, linkProfessional } from './fixtures/care-fixtures';
import { setRole, STRONG_PASSWORD, uniqueEmail } from './fixtures/accounts-fixtures';
import { TestClient, type TestResponse } from './http-client';
import { multipart } from './multipart';
import { createTestApp, type TestApp } from './test-app';

/**
 * The authorization matrix: every route in the server's route table has an entry saying who may
 * call it, and each entry is exercised as every kind of caller. A route added without an entry
 * fails the first test, so access is decided on purpose, never by accident.
 *
 * Callers: signed out, the owner of the objects in the URL, another user, a client (professional)
 * with and without a relationship to the owner (the related one shares a conversation), and an
 * admin in each of the three interfaces. After every call the body must not contain the owner's
 * private text unless the caller is allowed to see it.
 */

const PERSONAS = [
  'anonymous',
  'stranger',
  'unrelatedClient',
  'relatedClient',
  'adminAsUser',
  'adminAsClient',
  'adminAsAdmin',
  // The owner goes last, so a call that consumes the object (delete, revoke) runs after the
  // others have been refused it.
  'owner',
] as const;
type PersonaName = (typeof PERSONAS)[number];

interface World {
  app: TestApp;
  callers: Record<Exclude<PersonaName, 'anonymous'>, Person>;
  anonymous: TestClient;
  /** Private to the owner: in a voice note title. */
  ownerSecret: string;
  /** Shared only between the owner and the related client: in a chat message. */
  conversationSecret: string;
  conversationId: string;
  mediaFileId: string;
  voiceNoteId: string;
  /** The owner's journal: a text entry, a voice entry and a tag, private (title holds the secret). */
  journalEntryId: string;
  journalVoiceEntryId: string;
  journalTagId: string;
  avatarFileId: string;
  /** Mail from the owner to the related client (the subject holds the conversation secret). */
  mailId: string;
  mailFileId: string;
  /** The owner's active relationship with the related client (every scope granted). */
  careRelationshipId: string;
  /** Pending invitations to the owner from coaches outside the personas (accept, decline, end). */
  careInvitations: { accept: string; decline: string; end: string };
  /** A call from the owner to the related client, declined (history of both). */
  callId: string;
  /** A call of the owner and the related client with a line the owner said. */
  transcriptCallId: string;
  transcriptLineId: string;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  upload?: { payload: Buffer; contentType: string };
  headers?: Record<string, string>;
}

type Access =
  /** Anyone, signed in or not (sign-in, health, public config): never 401/403 for a session. */
  | { who: 'anyone' }
  /**
   * Any signed-in account, acting on its own data: signed out → 401. `readOnlyFor`: callers whose
   * interface is read-only for this change (403); `unavailable`: a status the service may answer
   * when a part it needs is not installed (no transcription engine in this test).
   */
  | { who: 'signed-in'; readOnlyFor?: PersonaName[]; unavailable?: number }
  /**
   * The URL names an object of the owner: signed out → 401, the owner (and `sharedWith`) → 2xx
   * or `ownerStatus`, anyone else → 404 (we never confirm that someone else's object exists).
   */
  | { who: 'owner'; sharedWith?: PersonaName[]; ownerStatus?: number[] }
  /**
   * A professional's read or note about the owner: only the related client (an active
   * relationship with every scope granted) gets 2xx; anyone else 404, signed out 401.
   */
  | { who: 'professional' }
  /**
   * The professional interface's own actions (the ethical-use confirmation): whoever acts as a
   * professional now — a client, or an admin in the client interface — gets 2xx; any other
   * signed-in caller 404; signed out 401.
   */
  | { who: 'acting-professional' }
  /**
   * Administrators only (switching interfaces). `console`:
   * the admin console, for an admin in the admin interface only; everyone else signed in → 404.
   */
  | { who: 'admin'; console?: boolean; status?: number }
  /** Operators: this machine or a bearer token, never a browser session (metrics). */
  | { who: 'operator' }
  /**
   * This machine only, never a session (the development outbox: every reset link). Every caller
   * here comes from another machine, admins included → 403.
   */
  | { who: 'this-machine' };

interface Entry {
  access: Access;
  call: (world: World, as: PersonaName) => Call | Promise<Call>;
  /** Runs after every other entry (it wipes the caller's data). */
  last?: boolean;
}

const get = (url: string): Call => ({ method: 'GET', url });
const post = (url: string, body: unknown = {}): Call => ({ method: 'POST', url, body });
const patch = (url: string, body: unknown): Call => ({ method: 'PATCH', url, body });
const del = (url: string): Call => ({ method: 'DELETE', url });
const put = (url: string, body: unknown): Call => ({ method: 'PUT', url, body });
const WRONG_PASSWORD = { password: 'not-the-password-1A!' };

/** A fresh voice note of the owner, for calls that change or remove it. */
async function freshVoiceNote(world: World): Promise<string> {
  const response = await world.callers.owner.client.upload(
    '/api/voice-notes',
    multipart(
      { title: `throwaway ${world.ownerSecret}`, durationMs: '1000' },
      { name: 'r.webm', type: 'audio/webm', data: WEBM },
    ),
  );
  if (response.status !== 201) throw new Error(`voice note: ${response.status} ${response.body}`);
  return response.json<VoiceNote>().id;
}

/** A fresh private note of the related client about the owner. */
async function freshCareNote(world: World): Promise<string> {
  const response = await world.callers.relatedClient.client.post(
    `/api/care/people/${world.callers.owner.userId}/notes`,
    { content: 'throwaway note' },
  );
  if (response.status !== 201) throw new Error(`care note: ${response.status} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** A fresh open alert of the related client about the owner (fixed values, no analysis). */
async function freshCareAlert(world: World): Promise<string> {
  const [row] = await world.app.database.db
    .insert(careAlerts)
    .values({
      relationshipId: world.careRelationshipId,
      professionalId: world.callers.relatedClient.userId,
      personId: world.callers.owner.userId,
      kind: 'valence_drop',
      signature: `matrix:${randomUUID()}`,
      values: { recentMean: -0.5, recentCount: 2, baselineMean: 0.5, baselineCount: 3, change: -1 },
      evidence: [],
      // Computed from nothing of the owner's: readable by the related client (decision 039).
      sources: [],
    })
    .returning({ id: careAlerts.id });
  if (!row) throw new Error('care alert not written');
  return row.id;
}

/** A fresh journal entry of the owner, for calls that remove it. */
async function freshJournalEntry(world: World): Promise<string> {
  const response = await world.callers.owner.client.post('/api/journal/entries', {
    title: `throwaway ${world.ownerSecret}`,
    content: 'matrix entry',
  });
  if (response.status !== 201)
    throw new Error(`journal entry: ${response.status} ${response.body}`);
  return response.json<JournalEntry>().id;
}

/** A fresh tag of the owner, for calls that merge or remove it. */
async function freshJournalTag(world: World): Promise<string> {
  const response = await world.callers.owner.client.post('/api/journal/tags', {
    name: `fresh ${randomUUID()}`,
  });
  if (response.status !== 201) throw new Error(`journal tag: ${response.status} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** The owner has a draft of their entry whoever asks, so the owner's GET finds one. */
async function ownerDraft(world: World): Promise<string> {
  const response = await world.callers.owner.client.request(
    'PUT',
    `/api/journal/drafts/${world.journalEntryId}`,
    { body: { content: `draft ${world.ownerSecret}` } },
  );
  if (response.status !== 200)
    throw new Error(`journal draft: ${response.status} ${response.body}`);
  return `/api/journal/drafts/${world.journalEntryId}`;
}

const adminConsole = { who: 'admin', console: true } as const;

/** A fresh account made by the console admin, for console calls that change or remove one. */
async function freshAccount(world: World): Promise<string> {
  const response = await world.callers.adminAsAdmin.client.post('/api/admin/users', {
    email: uniqueEmail('target'),
    fullName: 'Matrix Target',
    password: STRONG_PASSWORD,
  });
  if (response.status !== 201) throw new Error(`account: ${response.status} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** A fresh account's email (for a relationship the console proposes). */
async function freshAccountEmail(world: World): Promise<string> {
  const email = uniqueEmail('pair');
  const response = await world.callers.adminAsAdmin.client.post('/api/admin/users', {
    email,
    fullName: 'Matrix Pair',
    password: STRONG_PASSWORD,
  });
  if (response.status !== 201) throw new Error(`account: ${response.status} ${response.body}`);
  return email;
}

/** A fresh draft of the owner to the related client, with an attachment when asked. */
async function ownerMailDraft(
  world: World,
  withFile = false,
): Promise<{ id: string; fileId?: string }> {
  const id = randomUUID();
  const response = await world.callers.owner.client.request('PUT', `/api/email/drafts/${id}`, {
    body: {
      to: [world.callers.relatedClient.email],
      subject: `draft ${world.ownerSecret}`,
      content: 'matrix mail',
    },
  });
  if (response.status !== 200) throw new Error(`mail draft: ${response.status} ${response.body}`);
  if (!withFile) return { id };
  const attached = await world.callers.owner.client.upload(
    `/api/email/drafts/${id}/attachments`,
    multipart({}, { name: 'a.pdf', type: 'application/pdf', data: PDF }),
  );
  if (attached.status !== 201) throw new Error(`mail file: ${attached.status} ${attached.body}`);
  return { id, fileId: attached.json<{ attachment: { id: string } }>().attachment.id };
}

const MATRIX: Record<string, Entry> = {
  'GET /api/admin/audit': {
    access: adminConsole,
    call: () => get('/api/admin/audit?source=admin&page=1&pageSize=10'),
  },
  'GET /api/admin/audit.csv': { access: adminConsole, call: () => get('/api/admin/audit.csv') },
  'GET /api/admin/settings': { access: adminConsole, call: () => get('/api/admin/settings') },
  // Sets what is already set (the defaults), so other entries see the instance unchanged.
  'PATCH /api/admin/settings': {
    access: adminConsole,
    call: () => patch('/api/admin/settings', { features: { audio_input: true } }),
  },
  'GET /api/admin/retention/preview': {
    access: adminConsole,
    call: () => get('/api/admin/retention/preview'),
  },
  // With the default 365 days nothing the matrix wrote is old enough to go.
  'POST /api/admin/retention/run': {
    access: adminConsole,
    call: () => post('/api/admin/retention/run'),
  },
  'GET /api/admin/overview': { access: adminConsole, call: () => get('/api/admin/overview') },
  'GET /api/admin/health': { access: adminConsole, call: () => get('/api/admin/health') },
  'GET /api/admin/users': {
    access: adminConsole,
    call: () => get('/api/admin/users?role=user&verified=true&disabled=false&cohort=all&page=1'),
  },
  'POST /api/admin/users': {
    access: { ...adminConsole, status: 201 },
    call: () =>
      post('/api/admin/users', {
        email: uniqueEmail('created'),
        fullName: 'Created Matrix',
        password: STRONG_PASSWORD,
      }),
  },
  'GET /api/admin/users/:id': {
    access: adminConsole,
    call: (world) => get(`/api/admin/users/${world.callers.owner.userId}`),
  },
  'PUT /api/admin/users/:id/role': {
    access: adminConsole,
    call: async (world) =>
      put(`/api/admin/users/${await freshAccount(world)}/role`, { role: 'client' }),
  },
  'PUT /api/admin/users/:id/cohort': {
    access: adminConsole,
    call: async (world) =>
      put(`/api/admin/users/${await freshAccount(world)}/cohort`, { cohort: 'beta' }),
  },
  'POST /api/admin/users/:id/disable': {
    access: adminConsole,
    call: async (world) => post(`/api/admin/users/${await freshAccount(world)}/disable`),
  },
  'POST /api/admin/users/:id/enable': {
    access: adminConsole,
    call: async (world) => post(`/api/admin/users/${await freshAccount(world)}/enable`),
  },
  'POST /api/admin/users/:id/sign-out': {
    access: adminConsole,
    call: async (world) => post(`/api/admin/users/${await freshAccount(world)}/sign-out`),
  },
  'POST /api/admin/users/:id/resend-verification': {
    access: adminConsole,
    call: async (world) =>
      post(`/api/admin/users/${await freshAccount(world)}/resend-verification`),
  },
  'DELETE /api/admin/users/:id': {
    access: adminConsole,
    call: async (world) => del(`/api/admin/users/${await freshAccount(world)}`),
  },
  'GET /api/admin/relationships': {
    access: adminConsole,
    call: () => get('/api/admin/relationships?status=active&page=1'),
  },
  'POST /api/admin/relationships': {
    access: { ...adminConsole, status: 201 },
    call: async (world) =>
      post('/api/admin/relationships', {
        professionalEmail: world.callers.adminAsAdmin.email,
        personEmail: await freshAccountEmail(world),
      }),
  },
  'DELETE /api/admin/relationships/:id': {
    access: adminConsole,
    call: async (world) => {
      const proposed = await world.callers.adminAsAdmin.client.post('/api/admin/relationships', {
        professionalEmail: world.callers.adminAsAdmin.email,
        personEmail: await freshAccountEmail(world),
      });
      if (proposed.status !== 201) throw new Error(`propose: ${proposed.body}`);
      return del(`/api/admin/relationships/${proposed.json<{ id: string }>().id}`);
    },
  },
  'GET /api/admin/research/aggregates': {
    access: adminConsole,
    call: () => get('/api/admin/research/aggregates?range=7d&cohort=all'),
  },
  'GET /api/admin/research/export': {
    // Refused outside the research compliance mode (403) even for the console admin.
    access: { ...adminConsole, status: 403 },
    call: () => get('/api/admin/research/export?datasetTag=matrix'),
  },
  'GET /api/instance/features': {
    access: { who: 'anyone' },
    call: () => get('/api/instance/features'),
  },
  'GET /metrics': { access: { who: 'operator' }, call: () => get('/metrics') },
  'GET /healthz': { access: { who: 'anyone' }, call: () => get('/healthz') },
  'GET /readyz': { access: { who: 'anyone' }, call: () => get('/readyz') },
  'GET /api/config': { access: { who: 'anyone' }, call: () => get('/api/config') },
  'GET /api/dev/mailbox': { access: { who: 'this-machine' }, call: () => get('/api/dev/mailbox') },
  'GET /dev/mailbox': { access: { who: 'this-machine' }, call: () => get('/dev/mailbox') },
  'GET /api/admin/outbox': {
    access: { who: 'admin', console: true },
    call: () => get('/api/admin/outbox'),
  },
  'GET /dev/mailbox.css': { access: { who: 'anyone' }, call: () => get('/dev/mailbox.css') },

  'POST /api/auth/sign-up': {
    access: { who: 'anyone' },
    call: () =>
      post('/api/auth/sign-up', {
        email: uniqueEmail('matrix'),
        password: STRONG_PASSWORD,
        fullName: 'Matrix Person',
      }),
  },
  'POST /api/auth/sign-in': {
    access: { who: 'anyone' },
    call: () => post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' }),
  },
  'POST /api/auth/sign-out': { access: { who: 'anyone' }, call: () => post('/api/auth/sign-out') },
  'POST /api/auth/resend-verification': {
    access: { who: 'anyone' },
    call: () => post('/api/auth/resend-verification', { email: uniqueEmail('nobody') }),
  },
  'GET /api/auth/verify-email': {
    access: { who: 'anyone' },
    call: () => get('/api/auth/verify-email?token=not-a-real-token'),
  },
  'POST /api/auth/request-password-reset': {
    access: { who: 'anyone' },
    call: () => post('/api/auth/request-password-reset', { email: uniqueEmail('nobody') }),
  },
  'POST /api/auth/reset-password': {
    access: { who: 'anyone' },
    call: () =>
      post('/api/auth/reset-password', { token: 'not-a-real-token', password: STRONG_PASSWORD }),
  },
  'POST /api/auth/change-password': {
    access: { who: 'signed-in' },
    call: () =>
      post('/api/auth/change-password', {
        currentPassword: WRONG_PASSWORD.password,
        newPassword: 'Another-Strong-Pass-77',
      }),
  },
  'POST /api/auth/two-factor/enroll': {
    access: { who: 'signed-in' },
    call: () => post('/api/auth/two-factor/enroll', WRONG_PASSWORD),
  },
  'POST /api/auth/two-factor/confirm': {
    access: { who: 'signed-in' },
    call: () => post('/api/auth/two-factor/confirm', { code: '000000' }),
  },
  'POST /api/auth/two-factor/disable': {
    access: { who: 'signed-in' },
    call: () => post('/api/auth/two-factor/disable', WRONG_PASSWORD),
  },
  // Second step of a sign-in: the caller has a pending challenge cookie, not a session.
  'POST /api/auth/two-factor/verify': {
    access: { who: 'anyone' },
    call: () => post('/api/auth/two-factor/verify', { code: '000000' }),
  },
  'POST /api/auth/two-factor/recover': {
    access: { who: 'anyone' },
    call: () => post('/api/auth/two-factor/recover', { code: 'aaaaa-bbbbb' }),
  },

  // Session info answers signed-out callers too ({ user: null }), so the app can start.
  'GET /api/session': { access: { who: 'anyone' }, call: () => get('/api/session') },
  'POST /api/session/refresh': {
    access: { who: 'signed-in' },
    call: () => post('/api/session/refresh'),
  },
  'POST /api/session/timeout': {
    access: { who: 'signed-in' },
    call: () => post('/api/session/timeout', { lastActivityAt: new Date().toISOString() }),
  },
  'GET /api/session/list': { access: { who: 'signed-in' }, call: () => get('/api/session/list') },
  'DELETE /api/session/:id': {
    access: { who: 'owner' },
    // Another session of the owner (a second device), so revoking it does not sign the owner out.
    call: async (world) => {
      const device = new TestClient(world.app.app, '10.77.0.1');
      const signIn = await device.post('/api/auth/sign-in', {
        email: world.callers.owner.email,
        password: world.callers.owner.password,
      });
      if (signIn.status !== 200) throw new Error(`second device: ${signIn.body}`);
      const list = await world.callers.owner.client.get('/api/session/list');
      const sessions = list.json<{ sessions: { id: string; current: boolean }[] }>().sessions;
      const other = sessions.find((s) => !s.current);
      if (!other) throw new Error(`no second session: ${list.body}`);
      return del(`/api/session/${other.id}`);
    },
  },
  'GET /api/security-events': {
    access: { who: 'signed-in' },
    call: () => get('/api/security-events'),
  },

  // Only administrators switch interfaces (SPEC §2); each asks for the one it is already in.
  'PATCH /api/profile/selected-interface': {
    access: { who: 'admin' },
    call: (_world, as) =>
      patch('/api/profile/selected-interface', {
        selectedInterface:
          as === 'adminAsAdmin' ? 'admin' : as === 'adminAsClient' ? 'client' : 'user',
      }),
  },
  'GET /api/notifications': { access: { who: 'signed-in' }, call: () => get('/api/notifications') },
  'POST /api/notifications/read': {
    access: { who: 'signed-in' },
    call: () => post('/api/notifications/read', {}),
  },
  'DELETE /api/notifications': {
    access: { who: 'signed-in' },
    call: () => del('/api/notifications'),
  },
  'GET /api/profile': { access: { who: 'signed-in' }, call: () => get('/api/profile') },
  'PATCH /api/profile': {
    access: { who: 'signed-in', readOnlyFor: ['adminAsClient'] },
    call: () => patch('/api/profile', { field: 'pronouns', value: 'they/them' }),
  },
  'POST /api/profile/avatar': {
    access: { who: 'signed-in', readOnlyFor: ['adminAsClient'] },
    call: () => ({
      method: 'POST',
      url: '/api/profile/avatar',
      upload: multipart({}, { name: 'me.png', type: 'image/png', data: PNG }),
    }),
  },
  // Another person's profile: their assigned client and an admin in the admin interface, limited
  // to the fields they show (profile-access.test.ts covers which fields).
  'GET /api/profile/:userId': {
    access: { who: 'owner', sharedWith: ['relatedClient', 'adminAsAdmin'] },
    call: (world) => get(`/api/profile/${world.callers.owner.userId}`),
  },
  // Avatars are shown beside names everywhere people meet (search, chat), to any signed-in user.
  'GET /api/files/avatar/:fileId': {
    access: { who: 'signed-in' },
    // The owner's current avatar (the avatar entry above replaces it).
    call: async (world) => {
      const profile = await world.callers.owner.client.get('/api/profile');
      const fileId = /\/api\/files\/avatar\/([\w-]+)/.exec(profile.body)?.[1];
      return get(`/api/files/avatar/${fileId ?? world.avatarFileId}`);
    },
  },
  'GET /api/settings': { access: { who: 'signed-in' }, call: () => get('/api/settings') },
  'PATCH /api/settings/:section': {
    access: { who: 'signed-in' },
    call: () => patch('/api/settings/notification_settings', { email_notifications: true }),
  },
  'GET /api/account/export': {
    access: { who: 'signed-in' },
    call: () => get('/api/account/export'),
  },
  'GET /api/account/export.zip': {
    access: { who: 'signed-in' },
    call: () => get('/api/account/export.zip'),
  },
  'GET /api/account/storage': {
    access: { who: 'signed-in' },
    call: () => get('/api/account/storage'),
  },
  'POST /api/account/delete-data': {
    access: { who: 'signed-in' },
    call: () => post('/api/account/delete-data'),
    last: true,
  },
  'POST /api/account/delete': {
    access: { who: 'signed-in' },
    call: () => post('/api/account/delete', WRONG_PASSWORD),
  },

  'GET /api/speech/status': { access: { who: 'signed-in' }, call: () => get('/api/speech/status') },
  'POST /api/speech/transcribe': {
    access: { who: 'signed-in', unavailable: 503 },
    call: () => post('/api/speech/transcribe', { audio: WEBM.toString('base64') }),
  },

  'GET /api/dashboard': { access: { who: 'signed-in' }, call: () => get('/api/dashboard') },
  'GET /api/voice-notes': { access: { who: 'signed-in' }, call: () => get('/api/voice-notes') },
  'POST /api/voice-notes': {
    access: { who: 'signed-in' },
    call: () => ({
      method: 'POST',
      url: '/api/voice-notes',
      upload: multipart(
        { title: 'matrix note', durationMs: '1000' },
        { name: 'r.webm', type: 'audio/webm', data: WEBM },
      ),
    }),
  },
  'GET /api/voice-notes/settings': {
    access: { who: 'signed-in' },
    call: () => get('/api/voice-notes/settings'),
  },
  'PATCH /api/voice-notes/settings': {
    access: { who: 'signed-in' },
    call: () => patch('/api/voice-notes/settings', { keepAudio: true }),
  },
  'GET /api/voice-notes/:id': {
    access: { who: 'owner' },
    call: (world) => get(`/api/voice-notes/${world.voiceNoteId}`),
  },
  'PATCH /api/voice-notes/:id': {
    access: { who: 'owner' },
    call: (world) =>
      patch(`/api/voice-notes/${world.voiceNoteId}`, { title: `edited ${world.ownerSecret}` }),
  },
  'DELETE /api/voice-notes/:id': {
    access: { who: 'owner' },
    call: async (world) => del(`/api/voice-notes/${await freshVoiceNote(world)}`),
  },
  'POST /api/voice-notes/:id/send': {
    access: { who: 'owner' },
    call: async (world, as) =>
      post(`/api/voice-notes/${await freshVoiceNote(world)}/send`, {
        recipientId: world.callers[as === 'anonymous' || as === 'owner' ? 'stranger' : as].userId,
      }),
  },
  // No transcription engine runs in this test, so the owner is told it is unavailable.
  'POST /api/voice-notes/:id/transcribe': {
    access: { who: 'owner', ownerStatus: [200, 202, 503] },
    call: (world) => post(`/api/voice-notes/${world.voiceNoteId}/transcribe`),
  },
  'GET /api/voice-notes/:id/audio': {
    access: { who: 'owner' },
    call: (world) => get(`/api/voice-notes/${world.voiceNoteId}/audio`),
  },
  'POST /api/voice-notes/:id/listened': {
    access: { who: 'owner' },
    call: (world) => post(`/api/voice-notes/${world.voiceNoteId}/listened`),
  },

  'GET /api/insights': {
    access: { who: 'signed-in' },
    call: () => get('/api/insights?period=day'),
  },
  'GET /api/insights/settings': {
    access: { who: 'signed-in' },
    call: () => get('/api/insights/settings'),
  },
  'PATCH /api/insights/settings': {
    access: { who: 'signed-in' },
    call: () => patch('/api/insights/settings', { enabled: true }),
  },
  'GET /api/insights/model': {
    access: { who: 'signed-in' },
    call: () => get('/api/insights/model'),
  },
  'DELETE /api/insights/derived': {
    access: { who: 'signed-in' },
    call: () => del('/api/insights/derived'),
    last: true,
  },
  // The owner's weekly reflection is a claim; everyone else's says it does not know yet (404).
  'POST /api/insights/disputes': {
    access: { who: 'owner' },
    call: () => post('/api/insights/disputes', { insightId: 'weekly_reflection', reason: 'no' }),
  },
  // Each person's own hidden insights: anyone signed in gets their own list.
  'GET /api/insights/disputes': {
    access: { who: 'signed-in' },
    call: () => get('/api/insights/disputes'),
  },
  'DELETE /api/insights/disputes/:id': {
    access: { who: 'owner' },
    call: async (world) => {
      const response = await world.callers.owner.client.post('/api/insights/disputes', {
        insightId: 'weekly_reflection',
      });
      if (response.status !== 201) throw new Error(`dispute: ${response.status} ${response.body}`);
      return del(`/api/insights/disputes/${response.json<{ id: string }>().id}`);
    },
  },
  'GET /api/insights/personality': {
    access: { who: 'signed-in' },
    call: () => get('/api/insights/personality'),
  },
  'POST /api/insights/personality': {
    access: { who: 'signed-in' },
    call: () => post('/api/insights/personality', { answers: Array<number>(50).fill(3) }),
  },
  'GET /api/insights/items/:sourceKind/:sourceId': {
    access: { who: 'owner' },
    call: (world) => get(`/api/insights/items/journal/${world.journalEntryId}`),
  },
  'GET /api/insights/:kind': {
    access: { who: 'signed-in' },
    call: () => get('/api/insights/better_worse_days?period=month'),
  },
  'GET /api/calls': { access: { who: 'signed-in' }, call: () => get('/api/calls') },
  'GET /api/calls/config': { access: { who: 'signed-in' }, call: () => get('/api/calls/config') },
  'GET /api/calls/:id': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (w) => get(`/api/calls/${w.callId}`),
  },
  'GET /api/calls/:id/transcript': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (w) => get(`/api/calls/${w.transcriptCallId}/transcript`),
  },
  // The world's call was declined: no transcript is on, so even its two people are refused.
  'POST /api/calls/:id/transcript/segments': {
    access: { who: 'owner', sharedWith: ['relatedClient'], ownerStatus: [409] },
    call: (w) => ({
      method: 'POST',
      url: `/api/calls/${w.callId}/transcript/segments`,
      upload: multipart({ durationMs: '1000' }, { name: 'r.webm', type: 'audio/webm', data: WEBM }),
    }),
  },
  // The owner edits what they said; the other person in the call sees it but may not (403).
  'PATCH /api/calls/:id/transcript/lines/:lineId': {
    access: { who: 'owner', sharedWith: ['relatedClient'], ownerStatus: [200, 403] },
    call: (w) =>
      patch(`/api/calls/${w.transcriptCallId}/transcript/lines/${w.transcriptLineId}`, {
        text: 'corrected',
      }),
  },
  'GET /api/email/folders': { access: { who: 'signed-in' }, call: () => get('/api/email/folders') },
  'GET /api/email/messages': {
    access: { who: 'signed-in' },
    call: () => get('/api/email/messages?folder=sent'),
  },
  'GET /api/email/messages/:id': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (w) => get(`/api/email/messages/${w.mailId}`),
  },
  'POST /api/email/messages/bulk': {
    access: { who: 'signed-in' },
    call: (w) => post('/api/email/messages/bulk', { ids: [w.mailId], action: 'star' }),
  },
  'POST /api/email/messages/:id/reply': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (w) => post(`/api/email/messages/${w.mailId}/reply`, { mode: 'reply' }),
  },
  'DELETE /api/email/trash': { access: { who: 'signed-in' }, call: () => del('/api/email/trash') },
  'GET /api/email/drafts/:id': {
    access: { who: 'owner' },
    call: async (w) => get(`/api/email/drafts/${(await ownerMailDraft(w)).id}`),
  },
  'PUT /api/email/drafts/:id': {
    access: { who: 'owner' },
    call: async (w) =>
      put(`/api/email/drafts/${(await ownerMailDraft(w)).id}`, { subject: 'changed' }),
  },
  'DELETE /api/email/drafts/:id': {
    access: { who: 'owner' },
    call: async (w) => del(`/api/email/drafts/${(await ownerMailDraft(w)).id}`),
  },
  'POST /api/email/drafts/:id/send': {
    access: { who: 'owner' },
    call: async (w) => post(`/api/email/drafts/${(await ownerMailDraft(w)).id}/send`),
  },
  'POST /api/email/drafts/:id/attachments': {
    access: { who: 'owner' },
    call: async (w) => ({
      method: 'POST',
      url: `/api/email/drafts/${(await ownerMailDraft(w)).id}/attachments`,
      upload: multipart({}, { name: 'b.pdf', type: 'application/pdf', data: PDF }),
    }),
  },
  'DELETE /api/email/drafts/:id/attachments/:fileId': {
    access: { who: 'owner' },
    call: async (w) => {
      const draft = await ownerMailDraft(w, true);
      return del(`/api/email/drafts/${draft.id}/attachments/${draft.fileId ?? ''}`);
    },
  },
  'GET /api/email/attachments/:fileId': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (w) => get(`/api/email/attachments/${w.mailFileId}`),
  },

  'GET /api/journal/entries': {
    access: { who: 'signed-in' },
    call: () => get('/api/journal/entries?q=matrix'),
  },
  'POST /api/journal/entries': {
    access: { who: 'signed-in' },
    call: () => post('/api/journal/entries', { content: 'matrix entry', tags: ['matrix'] }),
  },
  'POST /api/journal/voice-entries': {
    access: { who: 'signed-in' },
    call: () => ({
      method: 'POST',
      url: '/api/journal/voice-entries',
      upload: multipart(
        { title: 'matrix voice' },
        { name: 'r.webm', type: 'audio/webm', data: WEBM },
      ),
    }),
  },
  'GET /api/journal/entries/:id': {
    access: { who: 'owner' },
    call: (world) => get(`/api/journal/entries/${world.journalEntryId}`),
  },
  'PATCH /api/journal/entries/:id': {
    access: { who: 'owner' },
    call: (world) =>
      patch(`/api/journal/entries/${world.journalEntryId}`, {
        content: `edited ${randomUUID()}`,
        privacyLevel: 'public',
      }),
  },
  'DELETE /api/journal/entries/:id': {
    access: { who: 'owner' },
    call: async (world) => del(`/api/journal/entries/${await freshJournalEntry(world)}`),
  },
  'GET /api/journal/entries/:id/history': {
    access: { who: 'owner' },
    call: (world) => get(`/api/journal/entries/${world.journalEntryId}/history`),
  },
  'GET /api/journal/entries/:id/audio': {
    access: { who: 'owner' },
    call: (world) => get(`/api/journal/entries/${world.journalVoiceEntryId}/audio`),
  },
  'GET /api/journal/entries/:id/export.md': {
    access: { who: 'owner' },
    call: (world) => get(`/api/journal/entries/${world.journalEntryId}/export.md`),
  },
  'GET /api/journal/entries/:id/export.pdf': {
    access: { who: 'owner' },
    call: (world) => get(`/api/journal/entries/${world.journalEntryId}/export.pdf`),
  },
  'GET /api/journal/export.md': {
    access: { who: 'signed-in' },
    call: () => get('/api/journal/export.md?from=2020-01-01'),
  },
  'GET /api/journal/export.pdf': {
    access: { who: 'signed-in' },
    call: () => get('/api/journal/export.pdf'),
  },
  'GET /api/journal/tags': { access: { who: 'signed-in' }, call: () => get('/api/journal/tags') },
  'POST /api/journal/tags': {
    access: { who: 'signed-in' },
    call: () => post('/api/journal/tags', { name: `matrix ${randomUUID()}` }),
  },
  'PATCH /api/journal/tags/:id': {
    access: { who: 'owner' },
    call: (world) =>
      patch(`/api/journal/tags/${world.journalTagId}`, { name: `renamed ${randomUUID()}` }),
  },
  'POST /api/journal/tags/:id/merge': {
    access: { who: 'owner' },
    call: async (world) =>
      post(`/api/journal/tags/${await freshJournalTag(world)}/merge`, {
        intoTagId: world.journalTagId,
      }),
  },
  'DELETE /api/journal/tags/:id': {
    access: { who: 'owner' },
    call: async (world) => del(`/api/journal/tags/${await freshJournalTag(world)}`),
  },
  'GET /api/journal/drafts/:key': {
    access: { who: 'owner' },
    call: async (world) => get(await ownerDraft(world)),
  },
  'PUT /api/journal/drafts/:key': {
    access: { who: 'owner' },
    call: (world) => put(`/api/journal/drafts/${world.journalEntryId}`, { content: 'autosaved' }),
  },
  'DELETE /api/journal/drafts/:key': {
    access: { who: 'owner' },
    call: async (world) => del(await ownerDraft(world)),
  },
  'GET /api/journal/prompts': {
    access: { who: 'signed-in' },
    call: () => get('/api/journal/prompts'),
  },
  'GET /api/journal/calendar': {
    access: { who: 'signed-in' },
    call: () => get('/api/journal/calendar?month=2026-05'),
  },

  'GET /api/chat/conversations': {
    access: { who: 'signed-in' },
    call: () => get('/api/chat/conversations'),
  },
  'POST /api/chat/conversations': {
    access: { who: 'signed-in' },
    call: (world, as) =>
      post('/api/chat/conversations', {
        participantId: world.callers[as === 'stranger' ? 'adminAsUser' : 'stranger'].userId,
      }),
  },
  'GET /api/chat/conversations/:id': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) => get(`/api/chat/conversations/${world.conversationId}`),
  },
  'GET /api/chat/conversations/:id/messages': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) => get(`/api/chat/conversations/${world.conversationId}/messages`),
  },
  'POST /api/chat/conversations/:id/messages': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) =>
      post(`/api/chat/conversations/${world.conversationId}/messages`, {
        clientId: randomUUID(),
        content: 'matrix message',
      }),
  },
  'POST /api/chat/conversations/:id/attachments': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) => ({
      method: 'POST',
      url: `/api/chat/conversations/${world.conversationId}/attachments`,
      upload: multipart(
        { clientId: randomUUID() },
        { name: 'dot.png', type: 'image/png', data: PNG },
      ),
    }),
  },
  'POST /api/chat/conversations/:id/voice': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) => ({
      method: 'POST',
      url: `/api/chat/conversations/${world.conversationId}/voice`,
      upload: multipart(
        { clientId: randomUUID() },
        { name: 'v.webm', type: 'audio/webm', data: WEBM },
      ),
    }),
  },
  'POST /api/chat/conversations/:id/read': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) => post(`/api/chat/conversations/${world.conversationId}/read`, { seq: '1' }),
  },
  'POST /api/chat/conversations/:id/typing': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) =>
      post(`/api/chat/conversations/${world.conversationId}/typing`, { typing: true }),
  },
  'GET /api/chat/media/:fileId': {
    access: { who: 'owner', sharedWith: ['relatedClient'] },
    call: (world) => get(`/api/chat/media/${world.mediaFileId}`),
  },
  'GET /api/users/search': {
    access: { who: 'signed-in' },
    call: () => get(`/api/users/search?q=${encodeURIComponent('Owner Matrix')}`),
  },
  // One's own findability (decision 045): every caller reads and sets only their own.
  'GET /api/users/me/findability': {
    access: { who: 'signed-in' },
    call: () => get('/api/users/me/findability'),
  },
  'PUT /api/users/me/findability': {
    access: { who: 'signed-in' },
    call: () => put('/api/users/me/findability', { findable: false }),
  },
  // Each feature's own rules decide whose files are found (file-search.test.ts).
  'GET /api/files/search': {
    access: { who: 'signed-in' },
    call: () => get('/api/files/search?q=matrix'),
  },
  // Care (modules/care): the person's relationships, consent and access log; the professional's
  // reads, each behind the one policy (care-policy.ts). care.test.ts covers each state.
  'GET /api/care/relationships': {
    access: { who: 'signed-in' },
    call: () => get('/api/care/relationships'),
  },
  'POST /api/care/relationships': {
    access: { who: 'signed-in' },
    // An invitation of an admin as a professional: 202 and one sentence, whoever is invited.
    call: (world, as) =>
      post('/api/care/relationships', {
        email: world.callers[as === 'adminAsAdmin' ? 'adminAsUser' : 'adminAsAdmin'].email,
        as: 'person',
      }),
  },
  'POST /api/care/relationships/:id/accept': {
    access: { who: 'owner' },
    call: (world) => post(`/api/care/relationships/${world.careInvitations.accept}/accept`),
  },
  'POST /api/care/relationships/:id/decline': {
    access: { who: 'owner' },
    call: (world) => post(`/api/care/relationships/${world.careInvitations.decline}/decline`),
  },
  'DELETE /api/care/relationships/:id': {
    access: { who: 'owner' },
    call: (world) => del(`/api/care/relationships/${world.careInvitations.end}`),
  },
  'PUT /api/care/relationships/:id/consents/:scope': {
    access: { who: 'owner' },
    call: (world) =>
      put(`/api/care/relationships/${world.careRelationshipId}/consents/mood_and_insights`, {
        granted: true,
      }),
  },
  'GET /api/care/access-log': {
    access: { who: 'signed-in' },
    call: () => get('/api/care/access-log'),
  },
  'GET /api/care/consent-history': {
    access: { who: 'signed-in' },
    call: () => get('/api/care/consent-history'),
  },
  'GET /api/care/dashboard': {
    access: { who: 'signed-in' },
    call: () => get('/api/care/dashboard'),
  },
  'POST /api/care/ethical-use': {
    access: { who: 'acting-professional' },
    call: () => post('/api/care/ethical-use'),
  },
  'GET /api/care/people': {
    access: { who: 'signed-in' },
    call: () => get('/api/care/people'),
  },
  'GET /api/care/people/:userId': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}`),
  },
  'GET /api/care/people/:userId/profile': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}/profile`),
  },
  'GET /api/care/people/:userId/insights': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}/insights`),
  },
  'GET /api/care/people/:userId/mood': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}/mood`),
  },
  'GET /api/care/people/:userId/entries': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}/entries`),
  },
  'GET /api/care/people/:userId/transcripts': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}/transcripts`),
  },
  'GET /api/care/people/:userId/notes': {
    access: { who: 'professional' },
    call: (world) => get(`/api/care/people/${world.callers.owner.userId}/notes`),
  },
  'POST /api/care/people/:userId/notes': {
    access: { who: 'professional' },
    call: (world) =>
      post(`/api/care/people/${world.callers.owner.userId}/notes`, { content: 'matrix note' }),
  },
  'PATCH /api/care/notes/:id': {
    access: { who: 'professional' },
    call: async (world) =>
      patch(`/api/care/notes/${await freshCareNote(world)}`, { content: 'edited' }),
  },
  'DELETE /api/care/notes/:id': {
    access: { who: 'professional' },
    call: async (world) => del(`/api/care/notes/${await freshCareNote(world)}`),
  },
  // Each caller's own alerts (none for a non-professional); answering one is the related
  // client's alone (care-alerts.test.ts covers ended relationships).
  'GET /api/care/alerts': {
    access: { who: 'signed-in' },
    call: () => get('/api/care/alerts?status=current'),
  },
  'POST /api/care/alerts/:id/acknowledge': {
    access: { who: 'professional' },
    call: async (world) => post(`/api/care/alerts/${await freshCareAlert(world)}/acknowledge`),
  },
  // Reports of what the owner shares with the related client (care-reports.test.ts: contents).
  'GET /api/care/people/:userId/report.pdf': {
    access: { who: 'professional' },
    call: (world) =>
      get(
        `/api/care/people/${world.callers.owner.userId}/report.pdf?from=2026-01-01&to=2026-12-31`,
      ),
  },
  'GET /api/care/people/:userId/report.csv': {
    access: { who: 'professional' },
    call: (world) =>
      get(
        `/api/care/people/${world.callers.owner.userId}/report.csv?from=2026-01-01&to=2026-12-31`,
      ),
  },
  'POST /api/care/alerts/:id/dismiss': {
    access: { who: 'professional' },
    call: async (world) => post(`/api/care/alerts/${await freshCareAlert(world)}/dismiss`),
  },
  // The socket upgrade checks the session (realtime.test.ts); a plain GET is never served.
  'GET /api/realtime': {
    access: { who: 'anyone' },
    call: (world) => ({
      ...get('/api/realtime'),
      headers: { origin: world.app.config.publicUrl },
    }),
  },
};

let world: World;

beforeAll(async () => {
  const app = await createTestApp();
  const owner = await person(app, 'Owner Matrix');
  const [stranger, unrelatedClient, relatedClient, adminAsUser, adminAsClient, adminAsAdmin] =
    await Promise.all([
      person(app, 'Stranger Matrix'),
      person(app, 'Unrelated Coach'),
      person(app, 'Related Coach'),
      person(app, 'Admin User'),
      person(app, 'Admin Client'),
      person(app, 'Admin Admin'),
    ]);
  await setRole(app, unrelatedClient.userId, 'client');
  await setRole(app, relatedClient.userId, 'client');
  for (const admin of [adminAsUser, adminAsClient, adminAsAdmin])
    await setRole(app, admin.userId, 'admin');
  for (const [caller, selected] of [
    [adminAsClient, 'client'],
    [adminAsAdmin, 'admin'],
  ] as const) {
    const moved = await caller.client.request('PATCH', '/api/profile/selected-interface', {
      body: { selectedInterface: selected },
    });
    expect(moved.status, moved.body).toBe(200);
  }

  // The related client works with the owner: an accepted relationship with every scope shared
  // (modules/care) and a conversation.
  const careRelationshipId = await linkProfessional(relatedClient, owner, CARE_SCOPES);
  const careInvitations = { accept: '', decline: '', end: '' };
  for (const key of ['accept', 'decline', 'end'] as const) {
    const coach = await person(app, `Coach ${key}`);
    await setRole(app, coach.userId, 'client');
    // The inviter is never told the id (decision 045): the invited side's list has it.
    if (key === 'end') {
      await invite(owner, coach.email, 'person');
      careInvitations[key] = await awaitInvitation(coach, owner);
    } else {
      await invite(coach, owner.email, 'professional');
      careInvitations[key] = await awaitInvitation(owner, coach);
    }
  }
  const ownerSecret = `owner-only-${randomUUID()}`;
  const conversationSecret = `shared-${randomUUID()}`;
  const conversation = await startConversation(owner, relatedClient);
  await sent(owner, conversation.id, `Between us: ${conversationSecret}`);
  const media = await upload(
    app,
    owner.client,
    `/api/chat/conversations/${conversation.id}/attachments`,
    {
      filename: 'dot.png',
      contentType: 'image/png',
      data: PNG,
    },
  );
  expect(media.status, media.body).toBe(201);
  const mediaFileId = /\/api\/chat\/media\/([\w-]+)/.exec(media.body)?.[1];
  const avatar = await owner.client.upload(
    '/api/profile/avatar',
    multipart({}, { name: 'me.png', type: 'image/png', data: PNG }),
  );
  expect(avatar.status, avatar.body).toBe(200);
  const avatarFileId = /\/api\/files\/avatar\/([\w-]+)/.exec(avatar.body)?.[1];
  const note = await owner.client.upload(
    '/api/voice-notes',
    multipart(
      { title: `My note ${ownerSecret}`, durationMs: '1000' },
      { name: 'r.webm', type: 'audio/webm', data: WEBM },
    ),
  );
  expect(note.status, note.body).toBe(201);
  const journalEntry = await owner.client.post('/api/journal/entries', {
    title: `Private ${ownerSecret}`,
    content: `Only mine: ${ownerSecret}`,
    tags: ['matrix-owner'],
  });
  expect(journalEntry.status, journalEntry.body).toBe(201);
  // The owner's analysis, run here (tests run no analysis worker): two items this week make the
  // weekly reflection a claim the owner can dispute.
  const secondEntry = await owner.client.post('/api/journal/entries', {
    content: 'A calm and happy day.',
  });
  for (const id of [journalEntry.json<JournalEntry>().id, secondEntry.json<JournalEntry>().id])
    await app.analysis.analyseItem({ userId: owner.userId, kind: 'journal', id });
  const journalVoice = await owner.client.upload(
    '/api/journal/voice-entries',
    multipart(
      { title: `Voice ${ownerSecret}` },
      { name: 'r.webm', type: 'audio/webm', data: WEBM },
    ),
  );
  expect(journalVoice.status, journalVoice.body).toBe(201);
  const journalTags = await owner.client.get('/api/journal/tags');
  const journalTagId = journalTags.json<{ tags: { id: string }[] }>().tags[0]?.id;
  if (!journalTagId) throw new Error('journal tag not found');
  if (!mediaFileId || !avatarFileId) throw new Error('fixture ids not found');
  // Calls are placed over the socket; the service is what the socket's `call` action calls.
  const callId = randomUUID();
  await app.calls.signal(owner.userId, {
    kind: 'invite',
    callId,
    calleeId: relatedClient.userId,
    callType: 'audio',
  });
  await app.calls.signal(relatedClient.userId, { kind: 'decline', callId });
  // A call with a transcript both agreed to, and one piece the owner recorded.
  const transcriptCallId = randomUUID();
  await app.calls.signal(owner.userId, {
    kind: 'invite',
    callId: transcriptCallId,
    calleeId: relatedClient.userId,
    callType: 'audio',
  });
  await app.calls.signal(relatedClient.userId, { kind: 'accept', callId: transcriptCallId });
  await app.calls.signal(owner.userId, {
    kind: 'transcript-request',
    callId: transcriptCallId,
  });
  await app.calls.signal(relatedClient.userId, {
    kind: 'transcript-accept',
    callId: transcriptCallId,
  });
  const piece = await owner.client.upload(
    `/api/calls/${transcriptCallId}/transcript/segments`,
    multipart({ durationMs: '1000' }, { name: 'r.webm', type: 'audio/webm', data: WEBM }),
  );
  expect(piece.status, piece.body).toBe(201);
  await app.calls.signal(owner.userId, { kind: 'end', callId: transcriptCallId });
  const mailId = randomUUID();
  await owner.client.request('PUT', `/api/email/drafts/${mailId}`, {
    body: { to: [relatedClient.email], subject: `Letter ${conversationSecret}`, content: 'hello' },
  });
  const mailFile = await owner.client.upload(
    `/api/email/drafts/${mailId}/attachments`,
    multipart({}, { name: 'letter.pdf', type: 'application/pdf', data: PDF }),
  );
  expect(mailFile.status, mailFile.body).toBe(201);
  const mailSent = await owner.client.post(`/api/email/drafts/${mailId}/send`, {});
  expect(mailSent.status, mailSent.body).toBe(201);

  world = {
    app,
    callers: {
      owner,
      stranger,
      unrelatedClient,
      relatedClient,
      adminAsUser,
      adminAsClient,
      adminAsAdmin,
    },
    anonymous: new TestClient(app.app, '10.66.0.1'),
    ownerSecret,
    conversationSecret,
    conversationId: conversation.id,
    mediaFileId,
    avatarFileId,
    voiceNoteId: note.json<VoiceNote>().id,
    journalEntryId: journalEntry.json<JournalEntry>().id,
    journalVoiceEntryId: journalVoice.json<JournalEntry>().id,
    journalTagId,
    mailId,
    mailFileId: mailFile.json<{ attachment: { id: string } }>().attachment.id,
    careRelationshipId,
    careInvitations,
    callId,
    transcriptCallId,
    transcriptLineId: piece.json<{ id: string }>().id,
  };
}, 120_000);

afterAll(async () => {
  // Undefined when the set-up failed; vitest still runs this hook.
  await (world as World | undefined)?.app.close();
});

async function perform(client: TestClient, call: Call): Promise<TestResponse> {
  if (call.upload) return client.upload(call.url, call.upload);
  return client.request(call.method, call.url, {
    body: call.method === 'GET' || call.method === 'DELETE' ? undefined : call.body,
    headers: call.headers,
  });
}

/** Signs a caller in again after a call that ended its session (sign-out, timeout). */
async function ensureSignedIn(caller: Person) {
  const info = await caller.client.loadSession();
  if (info.user) return;
  const signIn = await caller.client.post('/api/auth/sign-in', {
    email: caller.email,
    password: caller.password,
  });
  if (signIn.status !== 200) throw new Error(`sign-in again failed: ${signIn.body}`);
  await caller.client.loadSession();
}

function allowedToSee(as: PersonaName, access: Access): { ownerSecret: boolean; shared: boolean } {
  const sharedWith =
    access.who === 'owner'
      ? (access.sharedWith ?? [])
      : access.who === 'professional'
        ? (['relatedClient'] as PersonaName[])
        : [];
  return {
    ownerSecret: as === 'owner',
    // The related client sees what the owner said to them, through whichever route shows it.
    shared: as === 'owner' || as === 'relatedClient' || sharedWith.includes(as),
  };
}

function expectAllowed(as: PersonaName, access: Access, response: TestResponse, label: string) {
  const { status } = response;
  if (access.who !== 'signed-in')
    expect(status, `${label}: never a server error`).toBeLessThan(500);
  switch (access.who) {
    case 'anyone':
      if (as !== 'anonymous') expect(status, `${label}: a session is never refused`).not.toBe(403);
      return;
    case 'signed-in':
      if (as === 'anonymous') expect(status, label).toBe(401);
      else if (access.readOnlyFor?.includes(as)) expect(status, label).toBe(403);
      else if (status !== access.unavailable) {
        expect([401, 403, 404], label).not.toContain(status);
        expect(status, `${label}: never a server error`).toBeLessThan(500);
      }
      return;
    case 'owner': {
      if (as === 'anonymous') return expect(status, label).toBe(401);
      const mayAct = as === 'owner' || (access.sharedWith ?? []).includes(as);
      if (!mayAct) return expect(status, `${label}: someone else's object is not found`).toBe(404);
      if (access.ownerStatus) expect(access.ownerStatus, label).toContain(status);
      else expect(status, label).toBeLessThan(300);
      return;
    }
    case 'professional':
      if (as === 'anonymous') return expect(status, label).toBe(401);
      if (as !== 'relatedClient')
        return expect(status, `${label}: no relationship and scope, not found`).toBe(404);
      expect(status, label).toBeLessThan(300);
      return;
    case 'acting-professional':
      if (as === 'anonymous') return expect(status, label).toBe(401);
      if (['unrelatedClient', 'relatedClient', 'adminAsClient'].includes(as))
        return expect(status, label).toBeLessThan(300);
      return expect(status, `${label}: not acting as a professional, not found`).toBe(404);
    case 'admin':
      if (access.console) {
        if (as === 'anonymous') expect(status, label).toBe(401);
        else if (as === 'adminAsAdmin') expect(status, label).toBe(access.status ?? 200);
        else expect(status, `${label}: the console is not found outside it`).toBe(404);
      } else if (as.startsWith('admin')) expect(status, label).toBe(200);
      else expect([401, 403, 404], label).toContain(status);
      return;
    case 'operator':
      // Every caller here comes from another machine without the token, admins included.
      expect(status, label).toBe(401);
      return;
    case 'this-machine':
      expect(status, label).toBe(403);
      return;
  }
}

describe('authorization matrix', () => {
  it('has an entry for every route the server registers, and none for a route it lacks', () => {
    const registered = world.app.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((route) => !(route in MATRIX));
    const stale = Object.keys(MATRIX).filter((route) => !registered.includes(route));
    expect(missing, 'routes without an authorization entry').toEqual([]);
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  const ordered = Object.entries(MATRIX).sort(
    ([, a], [, b]) => Number(!!a.last) - Number(!!b.last),
  );
  for (const [route, entry] of ordered) {
    it(`${route} — ${entry.access.who}`, async () => {
      for (const as of PERSONAS) {
        const client = as === 'anonymous' ? world.anonymous : world.callers[as].client;
        const call = await entry.call(world, as);
        const response = await perform(client, call);
        const label = `${route} as ${as} → ${response.status} ${response.body.slice(0, 200)}`;
        expectAllowed(as, entry.access, response, label);
        const may = allowedToSee(as, entry.access);
        if (!may.ownerSecret)
          expect(response.body, `${label}: leaks the owner's private text`).not.toContain(
            world.ownerSecret,
          );
        if (!may.shared)
          expect(response.body, `${label}: leaks a conversation it is not part of`).not.toContain(
            world.conversationSecret,
          );
        if (as !== 'anonymous') await ensureSignedIn(world.callers[as]);
      }
    });
  }
});
