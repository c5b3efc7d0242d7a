// The production build's `sonner` (vite.config.ts, `lazySonner`): toasts are never part of a
// first paint, so sonner's 10 KB (gzipped) leave the entry chunk. Every `import { toast } from
// 'sonner'` gets this module; the real one (imported below, which the plugin lets through) loads
// when the browser is idle after the page has loaded, or with the first toast. Sonner shows
// toasts made before its Toaster subscribed, so none is lost. Types stay sonner's own.
import type { ExternalToast, ToasterProps } from 'sonner';
import { lazyPart, useLazyPart } from './lazy-part';

type Sonner = typeof import('sonner');
type Toast = Sonner['toast'];

const sonner = lazyPart(() => import('sonner'));
let made = 0;

/** Runs `show` with the real toast once it is there; the id is known at once. */
function later(data: ExternalToast | undefined, show: (toast: Toast, data: ExternalToast) => void) {
  const id = data?.id ?? `toast-${++made}`;
  sonner
    .load()
    .then(({ toast }) => show(toast, { ...data, id }))
    .catch(() => {
      // Offline or a new deployment: the toast is lost, the action it reports is not.
    });
  return id;
}

type Message = Parameters<Toast['success']>[0];
const kind =
  (name: 'success' | 'info' | 'warning' | 'error' | 'message' | 'loading') =>
  (message: Message, data?: ExternalToast) =>
    later(data, (toast, withId) => toast[name](message, withId));

export const toast = Object.assign(
  (message: Parameters<Toast>[0], data?: ExternalToast) =>
    later(data, (real, withId) => real(message, withId)),
  {
    success: kind('success'),
    info: kind('info'),
    warning: kind('warning'),
    error: kind('error'),
    message: kind('message'),
    loading: kind('loading'),
    custom: (jsx: Parameters<Toast['custom']>[0], data?: ExternalToast) =>
      later(data, (real, withId) => real.custom(jsx, withId)),
    dismiss: (id?: number | string) => {
      sonner
        .load()
        .then(({ toast: real }) => real.dismiss(id))
        .catch(() => undefined);
      return id ?? '';
    },
  },
);

/** Sonner's Toaster once its module is there (nothing to show before a toast is made). */
export function Toaster(props: ToasterProps) {
  const real = useLazyPart(sonner);
  return real ? <real.Toaster {...props} /> : null;
}
