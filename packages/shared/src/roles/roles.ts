import { z } from 'zod';
import { ROLES } from './role.constants';

export { ROLE_LABELS, ROLES, type Role } from './role.constants';
export const RoleSchema = z.enum(ROLES);
