import { createIdentityRepository } from '../../modules/identity/identity.repository';
import { CliError, withDatabase } from '../cli-context';
import { parseEmail, parseRole } from '../cli-input';

/** Gives an existing account one role (replacing any it had). */
export async function setUserRole(options: { email: string; role: string }): Promise<string> {
  const email = parseEmail(options.email);
  const role = parseRole(options.role);
  return withDatabase(async ({ database }) => {
    const identity = createIdentityRepository(database.db);
    const user = await identity.findUserByEmail(email);
    if (!user) throw new CliError(`no account with the email ${email}`);
    await identity.setRole(user.id, role);
    return `${email} is now ${role}`;
  });
}
