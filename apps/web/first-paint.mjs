// After `vite build`: writes dist/first-paint/{index,login}.html — index.html with the landing or
// sign-in screen rendered into it (src/first-paint.tsx, built for Node into .first-paint/). The
// copy is inert and its controls disabled, so nothing typed or clicked before the live screen
// replaces it is lost; the server sends these files for `/`, `/login` and `/auth`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const built = join(import.meta.dirname, '.first-paint', 'first-paint.js');
const { renderFirstPaint } = await import(pathToFileURL(built).href);
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
rmSync(join(import.meta.dirname, '.first-paint'), { recursive: true, force: true });
console.log('first paint: dist/first-paint/index.html and login.html');
