import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Loads the application's scripts once the page has painted: re-creates in <head> the elements
 * paintFirst moved into `<template id="after-first-paint">` (inert there: nothing in a template
 * is fetched). "Painted" is the first contentful paint's entry, which the browser reports only
 * once that frame is on screen (a task after requestAnimationFrame could run before it was, on a
 * busy machine: Lighthouse then counted the scripts before the paint, LCP 1.96 s in one run of
 * six). Without paint timing, a task after the next frame; in a hidden tab (no frames come) or
 * when the tab is hidden meanwhile, at once; at the latest after 3 s. Runs inline: its hash is
 * allowed by the content security policy. Four elements a task: each starts a request, and twenty
 * at once made a 27 ms task in a trace (× 4 in Lighthouse's simulation: blocking time).
 */
const LOAD_AFTER_PAINT = `(function () {
  var deferred = document.getElementById('after-first-paint');
  if (!deferred) return;
  var done = false;
  function load() {
    if (done) return;
    done = true;
    var waiting = Array.prototype.slice.call(deferred.content.children);
    (function next() {
      waiting.splice(0, 4).forEach(function (original) {
        var copy = document.createElement(original.tagName);
        Array.prototype.forEach.call(original.attributes, function (attribute) {
          copy.setAttribute(attribute.name, attribute.value);
        });
        document.head.appendChild(copy);
      });
      if (waiting.length > 0) setTimeout(next, 0);
    })();
  }
  if (document.visibilityState === 'hidden') return load();
  document.addEventListener('visibilitychange', load);
  setTimeout(load, 3000);
  var observer = window.PerformanceObserver;
  if (observer && (observer.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new observer(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) load();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
})();`;

/**
 * Keeps what a person does on a live first paint (`<div id="first-paint">` without `inert`: the
 * landing and sign-in screens) before the application's scripts arrive, which on a slow phone
 * takes seconds: the tabs and buttons they tapped, the field they were in, and whether they sent a
 * form. The
 * copy has no scripts of its own, so a form is held back (a native submit would put the password
 * in the address). Typed text needs no recording: it stays in the copy's fields, and the web app
 * reads them when it hands over (apps/web/src/lib/first-paint-replay.ts, which replays all of it
 * on the live screen). Runs inline, straight after the copy, so it listens before the first tap.
 */
const RECORD_BEFORE_SCRIPTS = `(function () {
  var copy = document.getElementById('first-paint');
  if (!copy) return;
  var seen = { clicks: [], focus: null, submit: null };
  window.__firstPaint = seen;
  copy.addEventListener('click', function (event) {
    var control = event.target.closest && event.target.closest('button, [role="tab"]');
    if (!control || control.type === 'submit') return;
    seen.clicks.push({
      tab: control.getAttribute('role') === 'tab',
      name: control.getAttribute('aria-label') || control.textContent.trim(),
    });
  });
  copy.addEventListener('focusin', function (event) {
    seen.focus = event.target.id || null;
  });
  copy.addEventListener('submit', function (event) {
    event.preventDefault();
    var field = event.target.querySelector('input[id]');
    seen.submit = field ? field.id : null;
  });
})();`;

const LIVE_COPY = '<div id="first-paint">';

/** `'sha256-…'` of an inline script, as a content security policy names it. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** What a painted page needs inline: the stylesheet and the theme script, read once. */
export interface InlineParts {
  themeInit: string | null;
  styles: Map<string, string>;
}

export function readInlineParts(webDist: string): InlineParts {
  const theme = join(webDist, 'theme-init.js');
  return { themeInit: existsSync(theme) ? readFileSync(theme, 'utf8') : null, styles: new Map() };
}

/**
 * A page whose first screen is in its HTML (a pre-rendered copy or frame) paints from the
 * document alone: the stylesheet and the theme script are inlined (no request before the first
 * paint), and the entry chunk, its preloads and the session preload are requested only after that
 * paint, so they do not share the line with what paints it (issue #18 item 4, decision 037).
 * Returns the page and the hashes of the inline scripts it now carries.
 */
export function paintFirst(
  page: string,
  webDist: string,
  parts: InlineParts,
): { html: string; scriptHashes: string[] } {
  let html = page;
  const scriptHashes: string[] = [];
  if (parts.themeInit !== null) {
    const inline = parts.themeInit;
    html = html.replace('<script src="/theme-init.js"></script>', () => {
      scriptHashes.push(scriptHash(inline));
      return `<script>${inline}</script>`;
    });
  }
  html = html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (tag, file: string) => {
      const path = join(webDist, file);
      if (!parts.styles.has(file)) {
        if (!existsSync(path)) return tag;
        parts.styles.set(file, readFileSync(path, 'utf8'));
      }
      const css = parts.styles.get(file) ?? '';
      // A stylesheet cannot end the element early unless it says `</style`; ours never does.
      if (/<\/style/i.test(css)) return tag;
      // The link stays, disabled (never fetched): a lazily loaded chunk that lists the stylesheet
      // among its dependencies finds it there and does not load it again, which would restyle the
      // whole page in one long task (Vite's preload helper looks for link[rel=stylesheet]).
      return `<style>${css}</style>${tag.replace(/>$/, ' disabled>')}`;
    },
  );
  if (html.includes(LIVE_COPY)) {
    html = html.replace('<div id="root"></div>', () => {
      scriptHashes.push(scriptHash(RECORD_BEFORE_SCRIPTS));
      return `<script>${RECORD_BEFORE_SCRIPTS}</script><div id="root"></div>`;
    });
  }
  const deferred: string[] = [];
  html = html.replace(
    /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>|<link rel="preload" href="\/api\/session"[^>]*>/g,
    (tag) => {
      deferred.push(tag);
      return '';
    },
  );
  if (deferred.length === 0 || !html.includes('</body>')) return { html: page, scriptHashes: [] };
  scriptHashes.push(scriptHash(LOAD_AFTER_PAINT));
  html = html.replace(
    '</body>',
    () =>
      `<template id="after-first-paint">${deferred.join('')}</template>` +
      `<script>${LOAD_AFTER_PAINT}</script></body>`,
  );
  return { html, scriptHashes };
}
