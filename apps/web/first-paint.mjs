// After `vite build`: writes dist/first-paint/{index,login}.html — index.html with the landing or
// sign-in screen rendered into it (src/first-paint.tsx, built for Node into .first-paint/). The
// copy is inert and its controls disabled, so nothing typed or clicked before the live screen
// replaces it is lost; the server sends these files for `/`, `/login` and `/auth`.
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
  const copy =
    '<div id="first-paint" inert aria-hidden="true" aria-disabled="true">' +
    `<fieldset disabled>${screen}</fieldset></div>`;
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
