import { Command } from 'commander';
import { ConfigError } from '../config/env';
import { DataDirLockedError } from '../db/data-dir-lock';
import { CliError } from './cli-context';
import { migrate } from './commands/migrate';
import { seed } from './commands/seed';
import { createUser } from './commands/user-create';
import { setUserRole } from './commands/user-role';

/** Runs one command: its one-line result on stdout, or one line on stderr and exit code 1. */
async function run(command: () => Promise<string>): Promise<void> {
  try {
    console.log(await command());
  } catch (error) {
    if (
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(`kaleido: ${error.message}`);
    } else {
      // Not the operator's doing: keep the stack for whoever debugs it.
      console.error('kaleido: unexpected error:', error);
    }
    process.exitCode = 1;
  }
}

const program = new Command('kaleido').description(
  'Kaleido operator commands (same environment as the server: DATA_DIR, DATABASE_URL, ...)',
);

program
  .command('user:create')
  .description('create a verified account (how the first admin is made)')
  .requiredOption('--email <email>', 'email address')
  .requiredOption('--password <password>', 'password (the sign-up rules apply)')
  .requiredOption('--name <name>', 'full name')
  .option('--role <role>', 'user, client or admin', 'user')
  .action((options: { email: string; password: string; name: string; role: string }) =>
    run(() => createUser(options)),
  );

program
  .command('user:role')
  .description("set an account's role")
  .requiredOption('--email <email>', 'email address of the account')
  .requiredOption('--role <role>', 'user, client or admin')
  .action((options: { email: string; role: string }) => run(() => setUserRole(options)));

program
  .command('migrate')
  .description('apply database migrations')
  .action(() => run(migrate));

program
  .command('seed')
  .description('create a demo data set: four accounts (user, user, client, admin), two chats')
  .requiredOption('--password <password>', 'password for every demo account (sign-up rules apply)')
  .action((options: { password: string }) => run(() => seed(options)));

await program.parseAsync();
