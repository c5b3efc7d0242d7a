import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SessionInfo } from '@kaleido/shared/auth/auth.schemas';
import { CSRF_HEADER } from '@kaleido/shared/http/api-error';

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * A browser-like client over `app.inject`: keeps cookies like a browser, sends the anti-forgery
 * token it was given on state-changing requests, and comes from a fixed IP.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '10.0.0.1',
    readonly userAgent = 'kaleido-tests',
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; rawBody?: string | Buffer } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...options.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrfToken && method !== 'GET' && !(CSRF_HEADER in headers))
      headers[CSRF_HEADER] = this.csrfToken;
    let payload: string | Buffer | undefined = options.rawBody;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      payload,
      remoteAddress: this.ip,
    });
    this.storeCookies(response.headers['set-cookie']);
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      json: <T>() => JSON.parse(response.body) as T,
    };
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }

  /** Sends a multipart/form-data body (see multipart.ts). */
  upload(url: string, form: { payload: Buffer; contentType: string }) {
    return this.request('POST', url, {
      rawBody: form.payload,
      headers: { 'content-type': form.contentType },
    });
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, { body: body ?? {}, headers });
  }

  /** Loads the session info like the web app does at start, keeping its anti-forgery token. */
  async loadSession() {
    const response = await this.get('/api/session');
    const info = response.json<SessionInfo>();
    this.csrfToken = info.csrfToken;
    return info;
  }

  private storeCookies(setCookie: string | string[] | undefined) {
    const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const line of list) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
