import type { SessionInfo } from '@kaleido/shared/auth/auth.schemas';
import type { SessionState } from '../../http/session-state';
import type { IdentityService } from '../identity/identity.service';
import type { ProfileReads } from '../profile/profile-reads';
import type { SessionService } from './session.service';

export type SessionInfoReader = ReturnType<typeof createSessionInfo>;

/** What the page learns of its session (GET /api/session): who, which role, the idle timeout. */
export function createSessionInfo(deps: {
  sessions: Pick<SessionService, 'idleMinutes'>;
  identity: Pick<IdentityService, 'sessionContext'>;
  profileReads: Pick<ProfileReads, 'avatarOf'>;
}) {
  return {
    async info(state: SessionState): Promise<SessionInfo> {
      const idleTimeoutMinutes = await deps.sessions.idleMinutes();
      if (state.kind === 'none') {
        return {
          user: null,
          role: null,
          effectiveRole: null,
          profile: null,
          isFirstTimeAdmin: false,
          passwordChangeRequired: false,
          avatarUrl: null,
          csrfToken: null,
          endedReason: state.endedReason,
          idleTimeoutMinutes,
        };
      }
      const [context, avatarUrl] = await Promise.all([
        deps.identity.sessionContext(state.user.id),
        deps.profileReads.avatarOf(state.user.id).catch(() => null),
      ]);
      return {
        user: state.user,
        role: context.role,
        effectiveRole: context.effectiveRole,
        profile: context.profile,
        isFirstTimeAdmin: context.isFirstTimeAdmin,
        passwordChangeRequired: context.passwordChangeRequired,
        avatarUrl,
        csrfToken: state.session.csrfToken,
        endedReason: null,
        idleTimeoutMinutes,
      };
    },
  };
}
