import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SESSION_IDLE_MINUTES: 30,
      publicUrl: 'http://127.0.0.1:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL: must be an http:// or https:// URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: must be at least 32 characters'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY: must be false, true (a proxy on this machine), or'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,,10.0.0.1' }, 'TRUST_PROXY'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ LLM_BASE_URL: 'ftp://llm.local' }, 'LLM_BASE_URL: must be an http:// or https:// URL'],
    [{ LLM_BASE_URL: 'http://127.0.0.1:8080' }, 'LLM_BASE_URL and LLM_MODEL go together'],
    [{ LLM_MODEL: 'tiny' }, 'LLM_BASE_URL and LLM_MODEL go together'],
    [{ LLM_API_KEY: 'secret', LLM_MODEL: 'tiny' }, 'LLM_BASE_URL and LLM_MODEL go together'],
  ])('stops on %j naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });

  it('takes TRUST_PROXY as the proxies to believe, never every hop (probe N11)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback,fd00::/8' }).TRUST_PROXY).toEqual([
      'loopback',
      'fd00::/8',
    ]);
  });

  it('treats an empty variable as unset and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://kaleido.example/' })).toMatchObject({
      PORT: 3000,
      publicUrl: 'https://kaleido.example',
    });
  });
});
