import { PROFILE_CATEGORIES } from '@kaleido/shared/profile/profile-fields';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useProfile } from '../hooks/use-profile';
import { PROFILE_LOAD_ALERT } from '../profile-messages';
import { AdminModeBanner } from './admin-mode-banner';
import { ProfileCard } from './profile-card';

/** The 'Personal Information' cards (SPEC §2), shown and editable as the server's rules say. */
export function ProfileScreen() {
  const { session } = useSession();
  const { data: profile, isPending, isError } = useProfile();
  if (isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading profile" />
      </div>
    );
  if (isError) return <Alert tone="error">{PROFILE_LOAD_ALERT}</Alert>;
  const name =
    (profile.values.display_name as string | undefined) || session.profile?.fullName || '';
  return (
    <div className="grid gap-6">
      {profile.viewer.role === 'admin' && <AdminModeBanner mode={profile.viewer.effectiveRole} />}
      {PROFILE_CATEGORIES.map((category) => (
        <ProfileCard key={category} category={category} profile={profile} name={name} />
      ))}
    </div>
  );
}
