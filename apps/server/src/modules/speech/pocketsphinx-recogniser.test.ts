import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPocketSphinxEngine } from './pocketsphinx-engine';

// Natural speech from Debian's pocketsphinx-testdata (decision 031's held-out set).
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-';
const man = `${LIBRIVOX}0880.wav`; // "he was not an ill disposed young man"
const amiable = `${LIBRIVOX}0930.wav`; // "he might even have been made amiable himself"

/** The recogniser children of this process (forked by pocketsphinx-child.ts). */
function recognisers(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return (
          Number(stat[1]) === process.pid &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pocketsphinx-worker')
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.runIf(existsSync(man))('the persistent PocketSphinx recogniser (decision 036)', () => {
  it('gives the words pocketsphinx_continuous gives, whatever was transcribed before', async () => {
    const perFile = createPocketSphinxEngine({ persistent: false });
    const persistent = createPocketSphinxEngine();
    const expected = [await perFile.transcribe(man), await perFile.transcribe(amiable)];
    expect(expected[0]).toMatch(/young man$/);
    // The second recording after the first, then the first again: each as from a fresh process.
    expect(await persistent.transcribe(man)).toBe(expected[0]);
    expect(await persistent.transcribe(amiable)).toBe(expected[1]);
    expect(await persistent.transcribe(man)).toBe(expected[0]);
    expect(persistent.description).toContain('models kept loaded');
    expect(perFile.description).toContain('a recogniser process per recording');
    // One child served all three, and stays for the next recording.
    expect(recognisers()).toHaveLength(1);
  }, 60_000);

  it('survives its child being killed: the next recording starts a new one', async () => {
    const engine = createPocketSphinxEngine();
    const expected = await engine.transcribe(man);
    const [before] = recognisers();
    expect(before).toBeDefined();
    process.kill(before ?? 0, 'SIGKILL');
    expect(await engine.transcribe(man)).toBe(expected);
    const after = recognisers();
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before);
  }, 60_000);

  it('kills a recogniser over its time limit, and the next recording is served', async () => {
    const hurried = createPocketSphinxEngine({ recogniseTimeoutMs: 1 });
    await expect(hurried.transcribe(amiable)).rejects.toThrow('PocketSphinx timed out after 1 ms');
    // The same settings share the children: the killed one is replaced.
    expect(await createPocketSphinxEngine().transcribe(man)).toMatch(/young man$/);
  }, 60_000);

  it('falls back to a process per recording where the libraries cannot be loaded', async () => {
    const engine = createPocketSphinxEngine({
      recogniser: {
        libraries: {
          pocketsphinx: 'libpocketsphinx-absent.so.3',
          sphinxbase: 'libsphinxbase.so.3',
        },
      },
    });
    expect(await engine.available()).toBe(true);
    expect(await engine.transcribe(man)).toMatch(/young man$/);
    expect(engine.description).toContain('a recogniser process per recording');
  }, 60_000);

  it('interpolates the journaling model with the generic one at the cross-validated weight', async () => {
    const engine = createPocketSphinxEngine({ recogniser: { languageModel: 'journaling' } });
    expect(await engine.transcribe(man)).toMatch(/young man$/);
    const weight = Number(
      /journaling language model at weight ([\d.]+)/.exec(engine.description)?.[1],
    );
    expect(weight).toBeGreaterThan(0);
    expect(weight).toBeLessThan(1);
  }, 60_000);
});
