import { CSRF_HEADER } from '@kaleido/shared/http/http.constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, configureApiClient, setCsrfToken } from './api-client';
import { uploadAvatar } from './api/profile';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The network as the browser sees it: answers in order, and what each request carried. */
function serverAnswers(...answers: Response[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, headers: init.headers as Record<string, string>, body: init.body });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return Promise.resolve(next);
    }),
  );
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('uploads go through the API client', () => {
  const onUnauthorized = vi.fn();
  let freshToken = 'token-2';

  beforeEach(() => {
    setCsrfToken('token-1');
    configureApiClient({
      onUnauthorized,
      refreshCsrfToken: () => {
        setCsrfToken(freshToken);
        return Promise.resolve(freshToken);
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    onUnauthorized.mockReset();
    freshToken = 'token-2';
  });

  it('sends the form as multipart with the anti-forgery token, no JSON content type', async () => {
    const sent = serverAnswers(json(200, { fields: [] }));
    await uploadAvatar(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(sent[0]?.url).toBe('/api/profile/avatar');
    expect(sent[0]?.body).toBeInstanceOf(FormData);
    expect(sent[0]?.headers[CSRF_HEADER]).toBe('token-1');
    expect(sent[0]?.headers['content-type']).toBeUndefined();
  });

  it('a stale token is refreshed and the same upload sent once more', async () => {
    const sent = serverAnswers(
      json(403, { message: 'Invalid anti-forgery token', code: 'CSRF' }),
      json(200, { fields: [] }),
    );
    await uploadAvatar(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers[CSRF_HEADER]).toBe('token-2');
    expect((sent[1]?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('a 401 on an upload ends the local session (→ sign-in) and rejects with the body', async () => {
    serverAnswers(json(401, { message: 'Authentication required' }));
    const form = new FormData();
    form.append('file', new Blob(['a']), 'a.webm');
    const failure = api.post('/api/voice-notes', form);
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("a proxy's HTML error page becomes the generic message, not a parse error", async () => {
    serverAnswers(new Response('<html>Bad gateway</html>', { status: 502 }));
    const failure = api.post('/api/voice-notes', new FormData());
    await expect(failure).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong. Please try again.',
    });
  });
});
