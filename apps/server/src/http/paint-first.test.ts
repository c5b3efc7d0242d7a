import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paintFirst, scriptHash } from './paint-first';

const ENTRY = '<script type="module" crossorigin src="/assets/index.js"></script>';
const page = (copy: string) =>
  `<!doctype html><html><head>${ENTRY}</head><body>${copy}<div id="root"></div></body></html>`;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

describe('a page painted from the document', () => {
  const dist = mkdtempSync(join(tmpdir(), 'kaleido-paint-'));
  const parts = { themeInit: null, styles: new Map<string, string>() };

  it('records what a person does on a live copy, before the scripts, and allows only that script', () => {
    const { html, scriptHashes } = paintFirst(
      page('<div id="first-paint"><button role="tab">Sign Up</button></div>'),
      dist,
      parts,
    );
    const [recorder, loader] = inlineScripts(html);
    // The recorder runs straight after the copy, before the live root and the deferred entry.
    expect(html.indexOf('</div><script>')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(recorder).toContain('window.__firstPaint');
    expect(loader).toContain('after-first-paint');
    expect(scriptHashes.sort()).toEqual(
      [scriptHash(recorder ?? ''), scriptHash(loader ?? '')].sort(),
    );
  });

  it('adds no recorder to an inert copy (the signed-in frames, nothing there to replay)', () => {
    const { html, scriptHashes } = paintFirst(
      page('<div id="first-paint" inert aria-hidden="true"><p>Dashboard</p></div>'),
      dist,
      parts,
    );
    expect(html).not.toContain('__firstPaint');
    expect(scriptHashes).toHaveLength(1);
  });
});
