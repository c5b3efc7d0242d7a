import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { person } from '../../../test/fixtures/chat-fixtures';
import { createTestApp } from '../../../test/test-app';
import { iceServersFor, turnCredential } from './turn-credentials';

describe('calls: short-lived TURN credentials (coturn use-auth-secret)', () => {
  it('makes short-lived TURN credentials in coturn’s REST scheme', () => {
    // Vector computed independently: printf '1700000000:<id>' | openssl dgst -sha1 -hmac <secret> -binary | base64
    const id = '3f1c2a4e-0000-4000-8000-000000000001';
    expect(turnCredential('north-wind-turn-secret', id, new Date(1_700_000_000_000))).toEqual({
      username: `1700000000:${id}`,
      credential: 'HEWWgGN8n/BdjnFvPUtxqi6kUNg=',
    });
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'] },
    ];
    const minted = iceServersFor(
      servers,
      { secret: 'north-wind-turn-secret', ttlSeconds: 3600 },
      id,
      new Date(1_700_000_000_000 - 3_600_000),
    );
    expect(minted).toEqual([
      servers[0],
      { ...servers[1], username: `1700000000:${id}`, credential: 'HEWWgGN8n/BdjnFvPUtxqi6kUNg=' },
    ]);
  });

  it('with TURN_SECRET, each person gets their own expiring TURN credentials; bad settings refused', async () => {
    const base = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
    const ICE_SERVERS = JSON.stringify([
      { urls: 'stun:stun.example.org:3478' },
      { urls: 'turn:turn.example.org:3478' },
    ]);
    const secret = 'a-long-shared-turn-secret';
    // Without the secret a turn: server needs its own credentials; with it, urls are enough.
    expect(() => loadConfig({ ...base, ICE_SERVERS })).toThrow(/username and a credential/);
    expect(loadConfig({ ...base, ICE_SERVERS, TURN_SECRET: secret }).iceServers).toHaveLength(2);
    expect(() => loadConfig({ ...base, ICE_SERVERS, TURN_SECRET: 'short' })).toThrow(
      /TURN_SECRET: must be at least 16 characters/,
    );
    expect(() =>
      loadConfig({ ...base, TURN_SECRET: secret, ICE_SERVERS: '[{"urls":"stun:s.example.org"}]' }),
    ).toThrow(/TURN_SECRET: set, but ICE_SERVERS names no turn: server/);
    expect(() =>
      loadConfig({ ...base, ICE_SERVERS, TURN_SECRET: secret, TURN_CREDENTIAL_TTL_SECONDS: '5' }),
    ).toThrow(/TURN_CREDENTIAL_TTL_SECONDS/);

    const turnApp = await createTestApp({
      ICE_SERVERS,
      TURN_SECRET: secret,
      TURN_CREDENTIAL_TTL_SECONDS: '600',
    });
    try {
      const ada = await person(turnApp, 'Ada Relayed');
      const before = Math.floor(turnApp.clock.now().getTime() / 1000);
      const { iceServers } = (await ada.client.get('/api/calls/config')).json<{
        iceServers: { urls: string; username?: string; credential?: string }[];
      }>();
      expect(iceServers[0]).toEqual({ urls: 'stun:stun.example.org:3478' });
      const turn = iceServers[1];
      const [expiry, userId] = (turn?.username ?? '').split(':');
      expect(userId).toBe(ada.userId);
      expect(Number(expiry) - before).toBeGreaterThanOrEqual(599);
      expect(Number(expiry) - before).toBeLessThanOrEqual(601);
      expect(turn?.credential).toBe(
        turnCredential(secret, ada.userId, new Date(Number(expiry) * 1000)).credential,
      );
    } finally {
      await turnApp.close();
    }
  });
});
