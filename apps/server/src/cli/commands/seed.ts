import { randomUUID } from 'node:crypto';
import type { Role } from '@kaleido/shared/roles/roles';
import { buildApp } from '../../app';
import { createIdentityRepository } from '../../modules/identity/identity.repository';
import { withDatabase } from '../cli-context';
import { parseNewPassword } from '../cli-input';
import { createVerifiedAccount } from './user-create';

const DOMAIN = 'demo.example.com';

/** The demo people: one of each role, and two people who talk to each other and to a coach. */
const PEOPLE: { key: string; name: string; role: Role }[] = [
  { key: 'ada', name: 'Ada Lovelace', role: 'user' },
  { key: 'grace', name: 'Grace Hopper', role: 'user' },
  { key: 'carl', name: 'Carl Rogers', role: 'client' },
  { key: 'alan', name: 'Alan Turing', role: 'admin' },
];

/** Conversations as [from, text] lines; a few minutes pass between lines. */
const CONVERSATIONS: { between: [string, string]; lines: [string, string][] }[] = [
  {
    between: ['ada', 'grace'],
    lines: [
      ['ada', 'Morning! How did the presentation go yesterday?'],
      ['grace', 'Better than I feared. I was anxious all morning, then calm once I started.'],
      ['ada', 'That pattern again: the worry is bigger before than during.'],
      ['grace', 'Yes. I wrote about it in my journal last night, it helped to name it.'],
      ['ada', 'Walk at lunch? I could use some air too.'],
      ['grace', 'Deal. 12:30 by the river.'],
    ],
  },
  {
    between: ['ada', 'carl'],
    lines: [
      [
        'carl',
        'Hi Ada, a reminder of our session on Thursday at 10. Anything you want to start with?',
      ],
      ['ada', 'Sleep, mostly. I notice I feel flat on days after short nights.'],
      ['carl', "Good place to start. Keep a note of bedtimes until then and we'll look together."],
    ],
  },
];

/**
 * A demo data set for trying Kaleido: four verified accounts (user, user, client, admin) with
 * one password, and two conversations with messages, notifications and unread counts, written
 * through the same services the app uses. Run once; a second run changes nothing.
 */
export async function seed(options: { password: string }): Promise<string> {
  const password = parseNewPassword(options.password);
  return withDatabase(async (context) => {
    const { config, database } = context;
    const identity = createIdentityRepository(database.db);
    const emailOf = (key: string) => `${key}@${DOMAIN}`;
    if (await identity.findUserByEmail(emailOf('ada'))) {
      return `demo data already present (${emailOf('ada')} exists); nothing changed`;
    }
    const ids = new Map<string, string>();
    for (const person of PEOPLE) {
      const id = await createVerifiedAccount(context, {
        email: emailOf(person.key),
        password,
        name: person.name,
        role: person.role,
      });
      ids.set(person.key, id);
    }
    const idOf = (key: string) => {
      const id = ids.get(key);
      if (!id) throw new Error(`no demo account ${key}`);
      return id;
    };

    // The messages are dated over the last few hours, a few minutes apart.
    let at = Date.now() - 3 * 60 * 60_000;
    const built = await buildApp({
      // The demo addresses receive no mail: notification emails for the demo messages stay in
      // the outbox table even when SMTP is configured.
      config: { ...config, SMTP_URL: undefined },
      database,
      webDist: null,
      logger: false,
      speechEngines: [],
      now: () => new Date(at),
    });
    try {
      let sent = 0;
      for (const conversation of CONVERSATIONS) {
        const [first, second] = conversation.between;
        const { conversation: created } = await built.chat.createConversation(idOf(first), {
          participantId: idOf(second),
        });
        for (const [from, content] of conversation.lines) {
          at += 7 * 60_000;
          await built.chat.sendMessage(idOf(from), created.id, { clientId: randomUUID(), content });
          sent += 1;
        }
      }
      const people = PEOPLE.map((p) => `${emailOf(p.key)} (${p.role})`).join(', ');
      return `seeded ${PEOPLE.length} accounts: ${people}; ${CONVERSATIONS.length} conversations, ${sent} messages`;
    } finally {
      await built.app.close();
    }
  });
}
