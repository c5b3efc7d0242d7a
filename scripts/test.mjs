// `npm test`: the whole vitest suite (server integration on the database the environment names,
// shared and web unit tests), ending with the one summary line CI reads: `N passed, N failed`.
// In CI a failed test runs once more, and one that passes then is named as flaky in the output
// (docs/decisions/020-retry-once-in-ci.md): a noisy shared machine must not sink a whole run,
// and a flaky test must not go unseen.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'kaleido-vitest-'));
const report = join(dir, 'report.json');
const args = process.argv.slice(2);
const retry =
  process.env.CI === 'true' && !args.some((a) => a.startsWith('--retry')) ? ['--retry=1'] : [];
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...retry,
    ...args,
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  // Failed tests, plus files that failed before running any test (an import error).
  const brokenFiles = result.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  failed = result.numFailedTests + brokenFiles.length;
  skipped = result.numPendingTests + result.numTodoTests;
  // A passed test that carries failure messages failed first and passed on its retry.
  const flaky = result.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && test.failureMessages.length > 0)
      .map((test) => ({ file: file.name, test })),
  );
  for (const { file, test } of flaky)
    console.log(
      `flaky (passed on retry): ${file.replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    first try: ${test.failureMessages[0].split('\n')[0]}`,
    );
  if (flaky.length) console.log(`${flaky.length} flaky`);
  // The slowest files, so the next slow test is named the day it lands (.ci/run budgets the step).
  const slowest = result.testResults
    .map((file) => ({
      name: file.name.replace(`${process.cwd()}/`, ''),
      ms: file.endTime - file.startTime,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (slowest.length > 1) {
    console.log('\nslowest test files:');
    for (const { name, ms } of slowest)
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  }
} catch {
  failed = Math.max(failed, 1);
}
rmSync(dir, { recursive: true, force: true });
// A run that failed outside any test (config error, crash) must not read as green.
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
