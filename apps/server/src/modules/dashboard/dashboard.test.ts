import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@kaleido/shared/dashboard/dashboard.schemas';
import { userInputs } from '../../db/schema/chat';
import { journalEntries } from '../../db/schema/journal';
import { voiceNoteDeliveries, voiceNotes } from '../../db/schema/speech';
import { person, sent, startConversation, type Person } from '../../../test/fixtures/chat-fixtures';
import { patch } from '../../../test/fixtures/journal-fixtures';
import { act, mailed } from '../../../test/fixtures/email-fixtures';
import { multipart } from '../../../test/multipart';
import { spokenWebm } from '../../../test/speech-audio';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The dashboard against a known data set: a fixed "now" (Wednesday 17 March 2027, 10:00 in New
 * York, UTC−4), rows placed at fixed instants around the local day, week and month boundaries.
 */
const NOW = Date.parse('2027-03-17T14:00:00Z');
const audio = spokenWebm('A short note.');

let app: TestApp;
let ada: Person;
beforeAll(async () => {
  app = await createTestApp();
  app.clock.advance(NOW - app.clock.now().getTime());
  ada = await person(app, 'Ada Lovelace');
  await patch(ada.client, '/api/profile', { field: 'timezone', value: 'America/New_York' });
});
afterAll(async () => {
  await app.close();
});

const summaryOf = async (who: Person) => {
  const response = await who.client.get('/api/dashboard');
  expect(response.status).toBe(200);
  return response.json<DashboardSummary>();
};

async function entry(
  userId: string,
  at: string,
  mood: 'happy' | 'excited' | 'neutral' | 'sad' | 'angry',
  title: string,
) {
  await app.database.db.insert(journalEntries).values({
    userId,
    title,
    content: `${title} content`,
    inputType: 'text',
    mood,
    createdAt: new Date(at),
    updatedAt: new Date(at),
  });
}

async function message(from: Person, conversationId: string, at: string) {
  const m = await sent(from, conversationId, 'hello');
  await app.database.db
    .update(userInputs)
    .set({ createdAt: new Date(at) })
    .where(eq(userInputs.id, m.id));
}

async function voiceNote(who: Person, title: string, at?: string) {
  const response = await who.client.upload(
    '/api/voice-notes',
    multipart({ title, durationMs: '1200' }, { name: 'n.webm', type: 'audio/webm', data: audio }),
  );
  expect(response.status).toBe(201);
  const id = response.json<{ id: string }>().id;
  if (at)
    await app.database.db
      .update(voiceNotes)
      .set({ createdAt: new Date(at) })
      .where(eq(voiceNotes.id, id));
  return id;
}

describe('GET /api/dashboard', () => {
  it('starts at zero for a new person, every day of the mood trend empty', async () => {
    const fresh = await person(app, 'Nova New');
    const summary = await summaryOf(fresh);
    expect(summary.timezone).toBe('UTC');
    expect(summary.today).toBe('2027-03-17');
    expect(summary.cards).toEqual({
      recentChats: { count: 0, changeFromYesterday: 0 },
      voiceNotes: { count: 0, unheard: 0 },
      emails: { count: 0, unread: 0 },
      callsToday: { count: 0, totalSeconds: 0 },
      journalEntries: { thisMonth: 0 },
      activityScore: { percent: 0, changeFromLastWeek: 0, activeDays: 0, lastWeekActiveDays: 0 },
    });
    expect(summary.recentActivity).toEqual([]);
    expect(summary.moodTrend).toHaveLength(30);
    expect(summary.moodTrend.every((d) => d.entries === 0 && d.average === null)).toBe(true);
  });

  it('counts the known data set in the profile timezone, with deltas and recent activity', async () => {
    const [bea, cy, dee, eve] = await Promise.all([
      person(app, 'Bea'),
      person(app, 'Cy'),
      person(app, 'Dee'),
      person(app, 'Eve'),
    ]);
    // Journal: local days Mar 17 (09:00), Mar 16 (23:00 = Mar 17 03:00 UTC), Mar 8, Mar 1
    // (00:00 EST) this month; Feb 28 23:30 EST is last month.
    await entry(ada.userId, '2027-03-17T13:00:00Z', 'happy', 'Today');
    await entry(ada.userId, '2027-03-17T03:00:00Z', 'sad', 'Late last night');
    await entry(ada.userId, '2027-03-08T15:00:00Z', 'angry', 'Monday');
    await entry(ada.userId, '2027-03-01T05:00:00Z', 'neutral', 'First of March');
    await entry(ada.userId, '2027-03-01T04:30:00Z', 'excited', 'End of February');
    // Someone else's entry counts for nobody but them.
    await entry(bea.userId, '2027-03-17T12:00:00Z', 'happy', 'Bea writes');

    // Chat: with Bea today (Bea wrote), Dee on Mar 16 (Dee), Cy on Mar 10 local (Ada wrote),
    // Eve today (Ada wrote). Last 7 days (Mar 11-17): Bea, Dee, Eve = 3; the 7 days to the end
    // of yesterday (Mar 10-16): Cy, Dee = 2.
    const withBea = await startConversation(ada, bea);
    const withCy = await startConversation(ada, cy);
    const withDee = await startConversation(ada, dee);
    const withEve = await startConversation(ada, eve);
    await message(bea, withBea.id, '2027-03-17T12:00:00Z');
    await message(dee, withDee.id, '2027-03-16T20:00:00Z');
    await message(ada, withCy.id, '2027-03-10T14:00:00Z');
    await message(ada, withEve.id, '2027-03-17T13:30:00Z');

    // Voice notes: Ada recorded one on Mar 12; Bea sent two, Ada played one.
    await voiceNote(ada, 'Thursday thoughts', '2027-03-12T15:00:00Z');
    const unplayed = await voiceNote(bea, 'For Ada');
    const played = await voiceNote(bea, 'Also for Ada');
    for (const id of [unplayed, played])
      expect(
        (await bea.client.post(`/api/voice-notes/${id}/send`, { recipientId: ada.userId })).status,
      ).toBe(200);
    await app.database.db
      .update(voiceNoteDeliveries)
      .set({ createdAt: new Date('2027-03-17T13:45:00Z') })
      .where(eq(voiceNoteDeliveries.noteId, unplayed));
    // Played: the player tells the server when the recipient presses play (not on fetching).
    expect((await ada.client.post(`/api/voice-notes/${played}/listened`)).status).toBe(200);

    const summary = await summaryOf(ada);
    expect(summary.timezone).toBe('America/New_York');
    expect(summary.today).toBe('2027-03-17');
    // Active days this week (Mar 11-17): 17 (journal, chat), 16 (journal), 12 (voice) = 3 → 43%;
    // the week before (Mar 4-10): 8 (journal), 10 (chat) = 2 → 29%.
    expect(summary.cards).toEqual({
      recentChats: { count: 3, changeFromYesterday: 1 },
      voiceNotes: { count: 3, unheard: 1 },
      emails: { count: 0, unread: 0 },
      callsToday: { count: 0, totalSeconds: 0 },
      journalEntries: { thisMonth: 4 },
      activityScore: { percent: 43, changeFromLastWeek: 14, activeDays: 3, lastWeekActiveDays: 2 },
    });

    const recent = summary.recentActivity.map(({ channel, title, link }) => ({
      channel,
      title,
      link,
    }));
    expect(recent.slice(0, 4)).toEqual([
      {
        channel: 'voice',
        title: 'Voice note received from Bea: Also for Ada',
        link: '/app/voice-notes/inbox',
      },
      {
        channel: 'voice',
        title: 'Voice note received from Bea: For Ada',
        link: '/app/voice-notes/inbox',
      },
      { channel: 'chat', title: 'Message sent to Eve', link: `/app/chat/${withEve.id}` },
      {
        channel: 'journal',
        title: 'Journal entry: Today',
        link: expect.stringMatching(/^\/app\/journal\/text\/[0-9a-f-]{36}$/) as string,
      },
    ]);
    expect(recent).toContainEqual({
      channel: 'chat',
      title: 'New chat message from Bea',
      link: `/app/chat/${withBea.id}`,
    });
    expect(summary.recentActivity).toHaveLength(10);
    const times = summary.recentActivity.map((a) => Date.parse(a.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const trend = Object.fromEntries(
      summary.moodTrend.filter((d) => d.entries > 0).map((d) => [d.date, d.average]),
    );
    expect(summary.moodTrend[0]?.date).toBe('2027-02-16');
    expect(summary.moodTrend[29]?.date).toBe('2027-03-17');
    expect(trend).toEqual({
      '2027-02-28': 1,
      '2027-03-01': 0,
      '2027-03-08': -1,
      '2027-03-16': -1,
      '2027-03-17': 1,
    });

    // Bea sees her own figures only.
    const beas = await summaryOf(bea);
    expect(beas.cards.journalEntries.thisMonth).toBe(1);
    expect(beas.cards.voiceNotes).toEqual({ count: 2, unheard: 0 });

    // A day later (signed in again after the idle timeout) the windows move with the clock:
    // Cy's Mar 10 message leaves yesterday's count (Mar 11-17), so no change from yesterday.
    app.clock.advance(24 * 3600_000);
    await ada.client.post('/api/auth/sign-in', { email: ada.email, password: ada.password });
    const tomorrow = await summaryOf(ada);
    expect(tomorrow.today).toBe('2027-03-18');
    expect(tomorrow.cards.recentChats).toEqual({ count: 3, changeFromYesterday: 0 });
    expect(tomorrow.cards.activityScore).toMatchObject({ activeDays: 3, lastWeekActiveDays: 2 });
  });

  it('shows mail: the inbox with its unread, the days the person sent, the newest mail', async () => {
    const [fay, gus] = await Promise.all([person(app, 'Fay Mail'), person(app, 'Gus Mail')]);
    const first = await mailed(gus, { to: [fay.email], subject: 'Hello Fay', content: 'One' });
    await mailed(gus, { to: [fay.email], subject: 'Again', content: 'Two' });
    expect((await act(fay, [first.id], 'read')).status).toBe(200);
    const answer = await mailed(fay, { to: [gus.email], subject: 'Hi Gus', content: 'Three' });

    const fays = await summaryOf(fay);
    expect(fays.cards.emails).toEqual({ count: 2, unread: 1 });
    expect(fays.cards.activityScore).toMatchObject({ activeDays: 1 });
    expect(
      fays.recentActivity.map(({ channel, title, link }) => ({ channel, title, link })),
    ).toEqual([
      {
        channel: 'email',
        title: 'Email sent: Hi Gus',
        link: `/app/email/sent?message=${answer.id}`,
      },
      {
        channel: 'email',
        title: 'Email from Gus Mail: Again',
        link: expect.stringMatching(/^\/app\/email\/inbox\?message=/) as string,
      },
      {
        channel: 'email',
        title: 'Email from Gus Mail: Hello Fay',
        link: `/app/email/inbox?message=${first.id}`,
      },
    ]);
    expect((await summaryOf(gus)).cards.emails).toEqual({ count: 1, unread: 1 });

    // Archived, it leaves the card but stays in Recent Activity.
    expect((await act(fay, [first.id], 'archive')).status).toBe(200);
    const after = await summaryOf(fay);
    expect(after.cards.emails).toEqual({ count: 1, unread: 1 });
    expect(after.recentActivity.map((a) => a.link)).toContain(
      `/app/email/archive?message=${first.id}`,
    );
  });
});
