import { describe, expect, it } from 'vitest';
import { MessageContentSchema, SendMessageBodySchema, UserSearchQuerySchema } from './chat.schemas';

const firstError = (value: unknown) =>
  MessageContentSchema.safeParse(value).error?.issues[0]?.message ?? null;

describe('message content (the web form and the server share it)', () => {
  it('trims, then needs 1 to 10,000 characters', () => {
    expect(MessageContentSchema.parse('  hi  ')).toBe('hi');
    expect(firstError('')).toBe('Content cannot be empty');
    expect(firstError(' \n ')).toBe('Content cannot be empty');
    expect(firstError('a'.repeat(10_000))).toBeNull();
    expect(firstError('a'.repeat(10_001))).toBe('Content is too long (maximum 10,000 characters)');
  });

  it('rejects the harmful patterns of SPEC §5 and nothing that merely resembles them', () => {
    for (const harmful of [
      '<script>x</script>',
      '< script src=a>',
      '</SCRIPT>',
      'javascript:void(0)',
      'JavaScript :alert(1)',
      'vbscript:run',
      'data:text/html,<b>',
      'DATA: TEXT/HTML;base64,AAA',
      '<div onclick="x()">',
      '<img onerror = "x">',
      '<body onLoad=x>',
    ]) {
      expect(firstError(harmful), harmful).toBe('Content contains potentially harmful code');
    }
    for (const fine of [
      'the movie script was great',
      'Java script tutorials',
      'data: text only',
      'onload time',
      'click on it',
      'a == b',
    ]) {
      expect(firstError(fine), fine).toBeNull();
    }
  });

  it('needs a uuid clientId and no other fields', () => {
    expect(
      SendMessageBodySchema.safeParse({ clientId: crypto.randomUUID(), content: 'x' }).success,
    ).toBe(true);
    expect(SendMessageBodySchema.safeParse({ clientId: 'abc', content: 'x' }).success).toBe(false);
    expect(
      SendMessageBodySchema.safeParse({ clientId: crypto.randomUUID(), content: 'x', extra: 1 })
        .success,
    ).toBe(false);
  });

  it('searches only for non-blank text', () => {
    expect(UserSearchQuerySchema.parse({ q: ' ada ' }).q).toBe('ada');
    expect(UserSearchQuerySchema.safeParse({ q: '  ' }).error?.issues[0]?.message).toBe(
      'Enter a name or email to search',
    );
  });
});
