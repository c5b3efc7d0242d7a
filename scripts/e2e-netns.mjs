// `npm run test:e2e:calls`: the call journeys inside a loopback-only network namespace
// (STACK.md), so the two Chromium contexts connect 127.0.0.1 ↔ 127.0.0.1 and nothing can reach
// another machine. Needs root (ip netns); without it, says so and runs them on this machine's
// network (still no STUN/TURN, so no traffic leaves it). Extra arguments filter the journeys.
import { spawnSync } from 'node:child_process';

const NAMESPACE = 'kaleido-e2e-calls';
const filter = process.argv[2] ?? 'calls:';
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' });
const quiet = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' });

const exists = quiet('ip', ['netns', 'exec', NAMESPACE, 'true']).status === 0;
const created = !exists && quiet('ip', ['netns', 'add', NAMESPACE]).status === 0;
const ready =
  (exists || created) &&
  quiet('ip', ['netns', 'exec', NAMESPACE, 'ip', 'link', 'set', 'lo', 'up']).status === 0;
let status;
if (ready) {
  console.log(`e2e: in the loopback-only network namespace ${NAMESPACE}`);
  status = run('ip', [
    'netns',
    'exec',
    NAMESPACE,
    process.execPath,
    'scripts/test-e2e.mjs',
    filter,
  ]).status;
} else {
  console.log('e2e: no network namespace (needs root and iproute2): running on this machine');
  status = run(process.execPath, ['scripts/test-e2e.mjs', filter]).status;
}
// The namespace this run made goes with it (one left by someone else stays theirs).
if (created) quiet('ip', ['netns', 'delete', NAMESPACE]);
process.exit(status ?? 1);
