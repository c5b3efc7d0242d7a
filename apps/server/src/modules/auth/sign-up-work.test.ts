import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createWorkAfterAnswer } from './after-answer';
import { createSignUp } from './sign-up';

// Probe N13: sign-up answered a new email later than a taken one (68 vs 45 ms), because creating
// the account (rows, verification mail) cost more than the dummy hash. Timing comparisons on a
// shared machine are noisy (enumeration-timing.test.ts keeps a generous one), so this asserts the
// cause instead: until the answer, both branches do exactly the same steps.
function harness() {
  const steps: string[] = [];
  const known = { id: 'u1', email: 'known@example.com' };
  const deps = {
    rateLimits: { consume: () => Promise.resolve(steps.push('limit')).then(() => undefined) },
    identityRepository: {
      findUserByEmail: (email: string) => {
        steps.push('lookup');
        return Promise.resolve(email === known.email ? known : null);
      },
    },
    auth: {
      $context: Promise.resolve({
        password: { hash: () => Promise.resolve(steps.push('hash')).then(() => 'h') },
      }),
      api: {
        signUpEmail: () => {
          steps.push('create account');
          return Promise.resolve({ response: { user: { id: 'u2' } }, headers: new Headers() });
        },
      },
    },
    identity: { createProfile: () => Promise.resolve(steps.push('create profile')) },
    mailer: { send: () => Promise.resolve(steps.push('mail: account exists')).then(() => {}) },
    config: { publicUrl: 'http://kaleido.test' },
    log: { error: () => {}, warn: () => {} },
  };
  const afterAnswer = createWorkAfterAnswer(deps.log);
  const service = createSignUp({ ...deps, afterAnswer } as unknown as Parameters<
    typeof createSignUp
  >[0]);
  return {
    async signUp(email: string) {
      steps.length = 0;
      const context = { ip: '10.0.0.1', userAgent: 'tests', headers: {} };
      await service.signUp({ email, password: 'Correct-Horse-42-Battery', fullName: 'T' }, context);
      const beforeAnswer = [...steps];
      for (let i = 0; i < 5; i++) await nextTurn();
      return { beforeAnswer, afterAnswer: steps.slice(beforeAnswer.length) };
    },
  };
}

describe('sign-up does the same work for a taken email and a new one', () => {
  it('before the answer: the limits, one lookup, one hash; the rest after it', async () => {
    const service = harness();
    const taken = await service.signUp('known@example.com');
    const fresh = await service.signUp('new@example.com');
    expect(taken.beforeAnswer).toEqual(['limit', 'limit', 'lookup', 'hash']);
    expect(fresh.beforeAnswer).toEqual(taken.beforeAnswer);
    expect(taken.afterAnswer).toEqual(['mail: account exists']);
    expect(fresh.afterAnswer).toEqual(['create account', 'create profile']);
  });
});
