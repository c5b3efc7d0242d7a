import { LetterAvatar, nameInitials } from '../../../components/ui/avatar';
import { LazyTrigger } from '../../../components/ui/lazy-overlay';
import { lazyPart } from '../../../lib/lazy-part';
import { useSession } from '../../../lib/session';

const menu = lazyPart(() => import('./avatar-menu-content'));

/** The page header's avatar menu (SPEC §2): who, role label, Profile, Settings, Switch View, Sign Off. */
export function AvatarMenu() {
  const { session } = useSession();
  // The same name and look on the stand-in and on the real menu's trigger.
  const trigger = {
    'aria-label': 'Open account menu',
    className: 'rounded-full',
    'data-testid': 'avatar-menu-trigger',
    children: (
      <LetterAvatar
        letters={nameInitials(session.profile?.fullName)}
        imageUrl={session.avatarUrl}
        large
      />
    ),
  };
  return (
    <LazyTrigger part={menu} standIn={{ ...trigger, 'aria-haspopup': 'menu' }}>
      {(loaded, takeOver) => <loaded.AvatarMenuContent trigger={trigger} {...takeOver} />}
    </LazyTrigger>
  );
}
