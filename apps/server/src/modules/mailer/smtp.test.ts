import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '../../../test/fixtures/accounts-fixtures';
import { TestClient } from '../../../test/http-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSmtpMailer } from './mailer';

interface ReceivedMail {
  envelopeTo: string[];
  headers: Map<string, string>;
  text: string;
  html: string;
}

// A real SMTP server on loopback: plain SMTP, no auth, like a local relay.
const received: ReceivedMail[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      received.push({ envelopeTo: to, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
      callback();
    });
  },
});

let app: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function mailTo(email: string): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const mail = received.find((m) => m.envelopeTo.includes(email));
    if (mail) return mail;
    await sleep(20);
  }
  throw new Error(`no mail to ${email} reached the SMTP server`);
}

describe('mail over SMTP', () => {
  it('delivers the verification email, whose link verifies the account', async () => {
    const client = new TestClient(app.app, '10.7.0.1');
    const email = uniqueEmail('smtp');
    const signUp = await client.post('/api/auth/sign-up', {
      email,
      password: STRONG_PASSWORD,
      fullName: 'Grace Hopper',
    });
    expect(signUp.status).toBe(200);

    const mail = await mailTo(email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.headers.get('to')).toBe(email);
    expect(mail.headers.get('from')).toBe(app.config.MAIL_FROM);
    expect(mail.headers.get('subject')).toBe('Confirm your email for Kaleido');
    expect(mail.text).toContain('Hello Grace Hopper,');
    const link = /http:\/\/kaleido\.test\/api\/auth\/verify-email\?token=\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no verification link in:\n${mail.text}`);
    expect(mail.html).toContain(`<a href="${link}">Confirm your email</a>`);

    const url = new URL(link);
    const verify = await client.get(url.pathname + url.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.location).toBe('/?verified=1');
    const signIn = await client.post('/api/auth/sign-in', { email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await client.loadSession()).toMatchObject({ user: { email, emailVerified: true } });
  });

  it('hides the local mailbox and says so in /readyz', async () => {
    const client = new TestClient(app.app, '10.7.0.2');
    for (const path of ['/dev/mailbox', '/api/dev/mailbox', '/dev/mailbox.css']) {
      const response = await client.get(path);
      expect(response.status).toBe(404);
      expect(response.json()).toMatchObject({
        message: 'Not found',
        requestId: expect.any(String) as string,
      });
    }
    // The detail of /readyz is the operator's: asked from this machine.
    const ready = await new TestClient(app.app, '127.0.0.1').get('/readyz');
    expect(ready.json()).toMatchObject({ status: 'ready', mail: { mode: 'smtp' } });
  });
});

describe('mail when the SMTP server is down', () => {
  it('still answers sign-up the same way', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const response = await new TestClient(down.app, '10.7.0.3').post('/api/auth/sign-up', {
        email: uniqueEmail('smtp-down'),
        password: STRONG_PASSWORD,
        fullName: 'No Relay',
      });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({
        message: 'Please check your email to verify your account.',
      });
    } finally {
      await down.close();
    }
  });
});

describe('shutting down while mail is on its way', () => {
  it('waits for the send to finish before closing the connection', async () => {
    // A relay that takes its time to accept each message.
    const delivered: string[] = [];
    const slow = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          setTimeout(() => {
            delivered.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          }, 400);
        });
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.server.address() as AddressInfo;
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Kaleido <no-reply@kaleido.test>');
    try {
      const sending = mailer.send({
        kind: 'other',
        to: 'late@example.com',
        subject: 'Reset',
        text: 'link',
      });
      await sleep(50);
      await mailer.close();
      expect(delivered).toEqual(['late@example.com']);
      await sending;
    } finally {
      await new Promise<void>((resolve) => slow.close(resolve));
    }
  });
});

/**
 * Just enough MIME for what nodemailer sends: unfolded headers, and the text/plain and text/html
 * parts of a multipart/alternative body, quoted-printable or 7bit.
 */
function parseMessage(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const { headers, body } = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map(splitPart)
    : [{ headers, body }];
  const partOf = (type: string) => {
    const part = parts.find((p) => p.headers.get('content-type')?.startsWith(type));
    if (!part) return '';
    return part.headers.get('content-transfer-encoding') === 'quoted-printable'
      ? decodeQuotedPrintable(part.body)
      : part.body;
  };
  return { headers, text: partOf('text/plain'), html: partOf('text/html') };
}

function splitPart(raw: string) {
  const normalized = raw.replace(/\r\n/g, '\n').replace(/^\n/, '');
  const end = normalized.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of normalized
    .slice(0, end)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: normalized.slice(end + 2).replace(/\n$/, '') };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`)
    .replace(/[^%]/g, (char) => encodeURIComponent(char));
  return decodeURIComponent(bytes);
}
