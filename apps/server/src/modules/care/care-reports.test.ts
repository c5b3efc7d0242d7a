import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogResponse } from '@kaleido/shared/care/care-records.schemas';
import type { JournalEntry } from '@kaleido/shared/journal/journal.schemas';
import { setRole } from '../../../test/fixtures/accounts-fixtures';
import { linkProfessional } from '../../../test/fixtures/care-fixtures';
import { person, type Person } from '../../../test/fixtures/chat-fixtures';
import { setCreatedAt } from '../../../test/fixtures/journal-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Reports on both databases: only consented data, in each report format, read back from the PDF
 * with `pdftotext`; every report is an access-log entry the person sees.
 */
let app: TestApp;
let owner: Person;
let full: Person;
let moodOnly: Person;
let stranger: Person;
const SHARED = 'Talking it through';
const SHARED_WORDS = 'The long walk helped me think.';
const OLD_SHARED = 'Years ago';
const PRIVATE = 'Only mine';
const NOTE = 'Follow up on sleep next session';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PERIOD = `from=${day(-7)}&to=${day(0)}`;

async function professional(name: string) {
  const pro = await person(app, name);
  await setRole(app, pro.userId, 'client');
  return pro;
}

async function entry(title: string, content: string, mood: string, privacyLevel: string) {
  const created = await owner.client.post('/api/journal/entries', {
    title,
    content,
    mood,
    privacyLevel,
  });
  expect(created.status, created.body).toBe(201);
  return created.json<JournalEntry>().id;
}

/** GETs a report with the caller's cookies; PDF bytes come back as text via pdftotext. */
async function report(who: Person, url: string) {
  const response = await app.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  if (response.statusCode !== 200 || !url.includes('.pdf?'))
    return { status: response.statusCode, headers: response.headers, text: response.body };
  const dir = mkdtempSync(join(tmpdir(), 'care-report-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-'], {
      encoding: 'utf8',
    });
    return { status: 200, headers: response.headers, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await person(app, 'Olive Owner');
  full = await professional('Carol Coach');
  moodOnly = await professional('Mona Mood');
  stranger = await professional('Sam Stranger');
  await linkProfessional(full, owner, ['mood_and_insights', 'shared_journal_entries']);
  await linkProfessional(moodOnly, owner, ['mood_and_insights']);
  await entry(SHARED, SHARED_WORDS, 'happy', 'shared_with_clients');
  await entry(PRIVATE, 'Private words.', 'sad', 'private');
  const old = await entry(OLD_SHARED, 'Long ago.', 'sad', 'shared_with_clients');
  await setCreatedAt(app, old, '2020-01-15T12:00:00Z');
  const note = await full.client.post(`/api/care/people/${owner.userId}/notes`, { content: NOTE });
  expect(note.status, note.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await (app as TestApp | undefined)?.close();
});

describe('care reports', () => {
  it('writes a standard PDF of what is shared, in the period, and logs it', async () => {
    const before = (await owner.client.get('/api/care/access-log')).json<AccessLogResponse>();
    const pdf = await report(full, `/api/care/people/${owner.userId}/report.pdf?${PERIOD}`);
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    const text = pdf.text;
    expect(text).toContain('Report: Olive Owner');
    expect(text).toContain('Standard report');
    expect(text).toContain('Prepared by Carol Coach');
    expect(text).toContain('Moods recorded: 2');
    expect(text).toContain('By mood: happy 1, sad 1');
    expect(text).toContain('Entries shared: 1');
    expect(text).toContain(SHARED);
    expect(text).toContain('Not shared (not in this report): Voice note transcripts');
    // Standard: titles, not words; never the private entry; never outside the period.
    expect(text).not.toContain(SHARED_WORDS);
    expect(text).not.toContain(PRIVATE);
    expect(text).not.toContain(OLD_SHARED);
    expect(text).not.toContain(NOTE);

    const after = (await owner.client.get('/api/care/access-log')).json<AccessLogResponse>();
    expect(after.entries.length - before.entries.length).toBe(1);
    expect(after.entries[0]).toMatchObject({
      what: 'report',
      itemCount: 3,
      professional: { id: full.userId, name: 'Carol Coach' },
    });
  });

  it('follows the format: brief counts only, detailed adds the words and own notes', async () => {
    const brief = await report(
      full,
      `/api/care/people/${owner.userId}/report.pdf?${PERIOD}&format=brief`,
    );
    expect(brief.text).toContain('Brief report');
    expect(brief.text).toContain('Entries shared: 1');
    expect(brief.text).not.toContain(SHARED);
    expect(brief.text).not.toContain('By mood');

    const detailed = await report(
      full,
      `/api/care/people/${owner.userId}/report.pdf?${PERIOD}&format=detailed`,
    );
    expect(detailed.text).toContain('Detailed report');
    expect(detailed.text).toContain(SHARED_WORDS);
    expect(detailed.text).toContain('Your private notes');
    expect(detailed.text).toContain(NOTE);
    expect(detailed.text).not.toContain(PRIVATE);
  });

  it('uses the professional’s report format and only their scopes in the CSV', async () => {
    const saved = await moodOnly.client.request('PATCH', '/api/settings/professional_settings', {
      body: { report_format: 'detailed' },
    });
    expect(saved.status, saved.body).toBe(200);
    const csv = await report(moodOnly, `/api/care/people/${owner.userId}/report.csv?${PERIOD}`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe('section,date,title,mood,value,detail');
    expect(rows).toContain('shared,,Mood and insight summaries,,,');
    expect(rows).toContain('not_shared,,"Journal entries marked ""Shared with clients""",,,');
    expect(rows).toContain('summary,,Moods recorded,,2,');
    expect(rows.filter((r) => r.startsWith('mood,'))).toHaveLength(2);
    expect(csv.text).not.toContain(SHARED);
    expect(csv.text).not.toContain(PRIVATE);
    expect(rows.some((r) => r.startsWith('entry,'))).toBe(false);
  });

  it("reads the period as days of the professional's own calendar", async () => {
    // 11:30 UTC on 10 March 2021 is already 00:30 on 11 March in Auckland (UTC+13).
    const lateEntry = await entry(
      'Late in London',
      'Evening words.',
      'happy',
      'shared_with_clients',
    );
    await setCreatedAt(app, lateEntry, '2021-03-10T11:30:00Z');
    const url = (from: string, to: string) =>
      `/api/care/people/${owner.userId}/report.csv?from=${from}&to=${to}&format=standard`;
    const setTimezone = async (value: string) => {
      const saved = await full.client.request('PATCH', '/api/profile', {
        body: { field: 'timezone', value },
      });
      expect(saved.status, saved.body).toBe(200);
    };
    try {
      await setTimezone('Pacific/Auckland');
      const auckland = await report(full, url('2021-03-11', '2021-03-11'));
      expect(auckland.text).toContain('entry,2021-03-11,Late in London');
      expect(auckland.text).toContain('Pacific/Auckland');
      expect((await report(full, url('2021-03-10', '2021-03-10'))).text).not.toContain(
        'Late in London',
      );
      await setTimezone('Europe/London');
      const london = await report(full, url('2021-03-10', '2021-03-10'));
      expect(london.text).toContain('entry,2021-03-10,Late in London');
      expect((await report(full, url('2021-03-11', '2021-03-11'))).text).not.toContain(
        'Late in London',
      );
    } finally {
      await setTimezone('UTC');
    }
  });

  it('answers 404 without a relationship, and 400 for a reversed period', async () => {
    const url = `/api/care/people/${owner.userId}/report.pdf?${PERIOD}`;
    expect((await report(stranger, url)).status).toBe(404);
    expect((await report(owner, url)).status).toBe(404);
    const reversed = await report(
      full,
      `/api/care/people/${owner.userId}/report.csv?from=${day(0)}&to=${day(-7)}`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.text).toContain('The start date must be before the end date');
  });
});
