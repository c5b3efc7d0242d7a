import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { IdentityService } from '../identity/identity.service';
import type { FilesService } from '../files/files.service';
import type { InsightsSharing, ProfileFieldChanges } from './profile-needs';
import { createProfileRepository } from './profile.repository';
import { registerProfileRoutes } from './profile.routes';
import { createProfileEdits, type ProfileEdits } from './profile-edits';
import { createProfileReads, type ProfileReads } from './profile-reads';

/** The profiles row under SPEC §6's field rules, and the avatar. */
export function createProfile(deps: {
  db: Db;
  identity: IdentityService;
  files: FilesService;
  preferences: InsightsSharing;
  preferenceChanges: ProfileFieldChanges;
  now: () => Date;
}) {
  const profiles = createProfileRepository(deps.db);
  const profileReads = createProfileReads({ ...deps, repository: profiles });
  const profileEdits = createProfileEdits({
    ...deps,
    repository: profiles,
    reads: profileReads,
    onFieldChanged: (userId, field) => deps.preferenceChanges.profileFieldChanged(userId, field),
  });
  return { profileReads, profileEdits, profiles };
}

export function registerProfile(
  app: FastifyInstance,
  deps: { profileReads: ProfileReads; profileEdits: ProfileEdits; files: FilesService },
) {
  registerProfileRoutes(app, {
    reads: deps.profileReads,
    edits: deps.profileEdits,
    files: deps.files,
  });
}
