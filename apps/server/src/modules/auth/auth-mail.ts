import type { FastifyBaseLogger } from 'fastify';
import { resetPasswordEmail, verificationEmail } from '../mailer/mail-templates';
import type { Mailer } from '../mailer/mailer';
import type { AuthMailHooks } from './better-auth';

/**
 * The verification and reset emails better-auth asks for. They are sent after the answer, so
 * its timing does not tell whether an account exists; a failure is logged.
 */
export function authMailHooks(
  mailer: Mailer,
  publicUrl: string,
  log: FastifyBaseLogger,
): AuthMailHooks {
  const inBackground = (send: () => Promise<void>) => {
    void send().catch((error: unknown) => log.error({ err: error }, 'failed to send email'));
    return Promise.resolve();
  };
  return {
    sendVerification: (user, token) =>
      inBackground(() =>
        mailer.send(
          verificationEmail(
            user.email,
            user.name,
            `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
          ),
        ),
      ),
    sendReset: (user, token) =>
      inBackground(() =>
        mailer.send(
          resetPasswordEmail(
            user.email,
            `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`,
          ),
        ),
      ),
  };
}
