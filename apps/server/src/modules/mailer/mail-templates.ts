/**
 * The account emails. Plain text first (it is what most clients show in previews) with a
 * minimal HTML twin whose only markup is the link, so it renders the same everywhere.
 */
import type { MailKind } from '@kaleido/shared/admin/admin.schemas';
import type { MailMessage } from './mailer';

function withLink(
  kind: MailKind,
  to: string,
  subject: string,
  lines: string[],
  link: string,
  linkLabel: string,
): MailMessage {
  const text = [...lines, '', `${linkLabel}: ${link}`, '', '— Kaleido'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p>`,
    '<p>— Kaleido</p>',
  ].join('\n');
  return { kind, to, subject, text, html };
}

export function verificationEmail(to: string, name: string, link: string): MailMessage {
  return withLink(
    'verification',
    to,
    'Confirm your email for Kaleido',
    [
      `Hello ${name},`,
      'Please confirm your email address to finish creating your Kaleido account.',
      'If you did not sign up, you can ignore this email.',
    ],
    link,
    'Confirm your email',
  );
}

export function accountExistsEmail(to: string, signInLink: string): MailMessage {
  return withLink(
    'account-exists',
    to,
    'Someone tried to sign up with your email',
    [
      'Someone tried to create a Kaleido account with this email address, but you already have one.',
      'If it was you, sign in instead, or reset your password if you have forgotten it. If it was not you, no action is needed.',
    ],
    signInLink,
    'Sign in to Kaleido',
  );
}

export function resetPasswordEmail(to: string, link: string): MailMessage {
  return withLink(
    'password-reset',
    to,
    'Reset your Kaleido password',
    [
      'We received a request to reset your password.',
      'The reset link will expire in 15 minutes for security. It works once.',
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ],
    link,
    'Choose a new password',
  );
}

export function passwordChangedEmail(to: string, signInLink: string): MailMessage {
  return withLink(
    'password-changed',
    to,
    'Your Kaleido password was changed',
    [
      'The password for your Kaleido account was just changed, and your other sessions were signed out.',
      'If this was not you, reset your password now and contact support.',
    ],
    signInLink,
    'Sign in to Kaleido',
  );
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
