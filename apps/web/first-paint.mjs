// After `vite build`: writes dist/first-paint/{index,login}.html — index.html with the landing or
// sign-in screen rendered into it (src/first-paint.tsx, built for Node into .first-paint/); the
// server sends these files for `/`, `/login` and `/auth`. The copy is live: a person on a slow
// phone can tap a tab, type and send before the scripts arrive; the server's inline recorder
// (apps/server/src/http/paint-first.ts) notes the taps, the typed text stays in the fields, and
// the live screen replays both when it takes over (src/lib/first-paint-replay.ts). Its links
// work as plain links meanwhile.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const built = join(import.meta.dirname, '.first-paint', 'first-paint.js');
const { renderFirstPaint, renderShellFrame, SHELL_FRAME_PATHS } = await import(
  pathToFileURL(built).href
);
const dist = join(import.meta.dirname, 'dist');
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const out = join(dist, 'first-paint');
mkdirSync(out, { recursive: true });
for (const [path, file] of [
  ['/', 'index.html'],
  ['/login', 'login.html'],
]) {
  const screen = renderFirstPaint(path);
  const copy = `<div id="first-paint">${screen}</div>`;
  if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  writeFileSync(
    join(out, file),
    index.replace('<div id="root"></div>', `${copy}<div id="root"></div>`),
  );
}
// The signed-in shell's frames (src/app/routes/app/shell-frame.tsx), for the server to
// put in the same place for a request with a live session: each sidebar page with the shell's
// spinner, and the dashboard with its heading, each with the sidebar expanded and collapsed.
// Test ids are left out and landmarks and the heading are drawn as plain boxes (the same classes
// and look): journeys, like assistive technology, find the live shell's elements, never the frame's.
const frame = (path, options) =>
  renderShellFrame(path, options)
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/<(\/?)(main|header|nav|aside|h1)\b/g, '<$1div');
const frames = [];
for (const expanded of [true, false]) {
  for (const path of SHELL_FRAME_PATHS)
    frames.push({
      path,
      page: 'other',
      expanded,
      html: frame(path, { expanded, page: 'other' }),
    });
  const path = '/app/dashboard';
  frames.push({
    path,
    page: 'dashboard',
    expanded,
    html: frame(path, { expanded, page: 'dashboard' }),
  });
}
writeFileSync(join(out, 'shell-frames.json'), JSON.stringify(frames));
rmSync(join(import.meta.dirname, '.first-paint'), { recursive: true, force: true });
console.log('first paint: dist/first-paint/index.html, login.html and shell-frames.json');
