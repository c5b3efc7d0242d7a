import type { Role } from '@kaleido/shared/roles/roles';
import type { Config } from '../../config/env';
import { loadOrCreateAuthSecret } from '../../config/secrets';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { createIdentityRepository } from '../../modules/identity/identity.repository';
import { callAuth } from '../../modules/auth/auth-call';
import { createBetterAuth } from '../../modules/auth/better-auth';
import { CliError, withDatabase } from '../cli-context';
import { parseEmail, parseFullName, parseNewPassword, parseRole } from '../cli-input';

const DUPLICATE = 'an account with that email already exists';

/**
 * Creates a verified account, how the first admin is made. The credential goes through
 * better-auth, so it is hashed exactly as sign-in verifies it; nobody is emailed because the
 * operator vouches for the address and the account is marked verified at once.
 */
export async function createUser(options: {
  email: string;
  password: string;
  name: string;
  role: string;
}): Promise<string> {
  const email = parseEmail(options.email);
  const password = parseNewPassword(options.password);
  const name = parseFullName(options.name);
  const role: Role = parseRole(options.role);

  return withDatabase(async (context) => {
    await createVerifiedAccount(context, { email, password, name, role });
    return `created ${role} ${email}`;
  });
}

/** One verified account with its profile and role (inputs already checked). */
export async function createVerifiedAccount(
  { config, database }: { config: Config; database: Database },
  account: { email: string; password: string; name: string; role: Role },
): Promise<string> {
  const { email, password, name, role } = account;
  const identity = createIdentityRepository(database.db);
  if (await identity.findUserByEmail(email)) throw new CliError(DUPLICATE);
  const secret = loadOrCreateAuthSecret(config.DATA_DIR, config.AUTH_SECRET);
  const noMail = {
    sendVerification: () => Promise.resolve(),
    sendReset: () => Promise.resolve(),
  };
  const auth = createBetterAuth({ config, db: database.db, secret, mail: noMail });
  const { response } = await callAuth(() =>
    auth.api.signUpEmail({ body: { email, password, name }, returnHeaders: true }),
  ).catch((error: unknown) => {
    // Someone took the email between our check and the insert.
    if (error instanceof AppError && error.options.code?.startsWith('USER_ALREADY_EXISTS'))
      throw new CliError(DUPLICATE);
    throw error;
  });
  await identity.markEmailVerified(response.user.id);
  await identity.createProfile({ userId: response.user.id, fullName: name, email });
  await identity.setRole(response.user.id, role);
  return response.user.id;
}
