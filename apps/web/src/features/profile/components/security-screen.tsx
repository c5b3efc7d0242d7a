import { ChangePasswordCard } from './change-password-card';
import { SecurityEventsCard } from './security-events-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Account security (/app/profile/security): password, sessions, two-factor, recent events. */
export function SecurityScreen() {
  return (
    <div className="grid max-w-3xl gap-6">
      <ChangePasswordCard />
      <SessionsCard />
      <TwoFactorCard />
      <SecurityEventsCard />
    </div>
  );
}
