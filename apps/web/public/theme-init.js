// Runs before first paint (a classic blocking script in <head>) so the saved appearance is applied
// without a flash of the wrong theme. Keep the key and values in sync with src/lib/appearance.ts.
/* global window, document */
(function () {
  var root = document.documentElement;
  var saved = null;
  try {
    saved = JSON.parse(window.localStorage.getItem('kaleido:appearance') || 'null');
  } catch {
    saved = null;
  }
  var theme = saved && saved.theme === 'dark' ? 'dark' : 'light';
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  var sizes = { small: 'small', medium: 'medium', large: 'large' };
  var softness = { sharp: 'sharp', normal: 'normal', soft: 'soft' };
  root.dataset.fontSize = (saved && sizes[saved.fontSize]) || 'medium';
  root.dataset.softness = (saved && softness[saved.visualSoftness]) || 'normal';
})();
