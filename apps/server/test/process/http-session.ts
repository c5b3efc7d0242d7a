import { CSRF_HEADER } from '@kaleido/shared/http/api-error';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** A browser over real HTTP (fetch): keeps cookies and sends the anti-forgery token it was given. */
export class HttpSession {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;

  /** Settable: a restarted server listens on another port; cookies still apply (same host). */
  constructor(public baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<HttpResponse> {
    const headers: Record<string, string> = { 'user-agent': 'kaleido-process-tests' };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrfToken && method !== 'GET') headers[CSRF_HEADER] = this.csrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (eq < 0) continue;
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq).trim());
      else this.cookies.set(pair.slice(0, eq).trim(), value);
    }
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  async signIn(email: string, password: string): Promise<HttpResponse> {
    return this.request('POST', '/api/auth/sign-in', { email, password });
  }

  async session() {
    const info = (await this.request('GET', '/api/session')).json<{
      csrfToken: string | null;
      user: { id: string; email: string; emailVerified: boolean } | null;
      role: string | null;
      isFirstTimeAdmin: boolean;
      profile: { fullName: string; email: string; selectedInterface: string | null } | null;
    }>();
    this.csrfToken = info.csrfToken;
    return info;
  }
}
