import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { IdentityService } from '../identity/identity.service';
import type { FilesService } from '../files/files.service';
import type { InsightsSharing, ProfileFieldChanges } from './profile-needs';
import { createProfileRepository } from './profile.repository';
import { registerProfileRoutes } from './profile.routes';
import { createProfileService, type ProfileService } from './profile.service';

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
  const profile = createProfileService({
    ...deps,
    repository: profiles,
    onFieldChanged: (userId, field) => deps.preferenceChanges.profileFieldChanged(userId, field),
  });
  return { profile, profiles };
}

export function registerProfile(
  app: FastifyInstance,
  deps: { profile: ProfileService; files: FilesService },
) {
  registerProfileRoutes(app, deps);
}
