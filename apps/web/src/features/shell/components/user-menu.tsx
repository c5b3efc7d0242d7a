import { emailInitial, LetterAvatar } from '../../../components/ui/avatar';
import { LazyTrigger } from '../../../components/ui/lazy-overlay';
import { lazyPart } from '../../../lib/lazy-part';
import { useSession } from '../../../lib/session';

const menu = lazyPart(() => import('./user-menu-content'));

/** The top bar's user menu: Profile, Settings, Log out → /login (SPEC §2). */
export function UserMenu() {
  const { session } = useSession();
  const email = session.profile?.email ?? session.user?.email ?? '';
  // The same name and look on the stand-in and on the real menu's trigger.
  const trigger = {
    'aria-label': 'Open user menu',
    className: 'rounded-full focus-visible:outline-2',
    'data-testid': 'user-menu-trigger',
    children: <LetterAvatar letters={emailInitial(email)} imageUrl={session.avatarUrl} />,
  };
  return (
    <LazyTrigger part={menu} standIn={{ ...trigger, 'aria-haspopup': 'menu' }}>
      {(loaded, takeOver) => (
        <loaded.UserMenuContent email={email} trigger={trigger} {...takeOver} />
      )}
    </LazyTrigger>
  );
}
