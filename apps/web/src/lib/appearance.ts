/**
 * The appearance of user_settings.theme_settings (SPEC §3), applied to <html> and remembered in
 * this browser so public/theme-init.js can apply it before first paint on the next load.
 * Keep the key and values in sync with public/theme-init.js.
 */
const APPEARANCE_KEY = 'kaleido:appearance';

export interface ThemeSettings {
  theme: 'light' | 'dark';
  font_size: 'small' | 'medium' | 'large';
  visual_softness: 'sharp' | 'normal' | 'soft';
}

export function applyAppearance(settings: ThemeSettings): void {
  const root = document.documentElement;
  root.classList.toggle('dark', settings.theme === 'dark');
  root.style.colorScheme = settings.theme;
  root.dataset.fontSize = settings.font_size;
  root.dataset.softness = settings.visual_softness;
  try {
    localStorage.setItem(
      APPEARANCE_KEY,
      JSON.stringify({
        theme: settings.theme,
        fontSize: settings.font_size,
        visualSoftness: settings.visual_softness,
      }),
    );
  } catch {
    // Storage disabled: the appearance still applies to this page.
  }
}
