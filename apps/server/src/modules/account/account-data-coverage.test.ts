import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ACCOUNT_MODULE_TABLES } from './account.module';

/**
 * Tables that hold a user id but are deliberately in neither the export nor "delete my data".
 * Each goes with the account (on delete cascade). Adding one here needs a reason a privacy
 * reviewer would accept.
 */
const DELIBERATELY_NOT_COVERED: Record<string, string> = {
  // Secrets of the sign-in: a password hash or session token in a download is a gift to whoever
  // finds the file, and "delete my data" keeps the account signed in, by definition.
  accounts: 'better-auth credentials (password hash); never exported, kept until account deletion',
  sessions: 'sign-in sessions (tokens); listed under Settings › Sessions, kept by delete data',
  two_factors: 'TOTP secret and backup codes; never exported, kept until account deletion',
};

/**
 * Columns that name a person, by foreign key to users or by name (a column that should have a
 * foreign key but does not is caught too).
 */
async function tablesWithUserIds(app: TestApp) {
  const result = await app.database.db.execute(sql`
    select kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
       and ccu.table_name = 'users'
    union
    select table_name, column_name
      from information_schema.columns
     where table_schema = 'public'
       and column_name ~ '(^|_)(user|owner|sender|author|recipient|participant|member|actor|creator|assignee)(_one|_two)?_id$'
    order by 1, 2`);
  const columns = rowsOf<{ table_name: string; column_name: string }>(result);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of columns)
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  return tables;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("every table with a user's data is in the export and the deletion", () => {
  it('finds the user id columns in the live schema (the check below is not vacuous)', async () => {
    const tables = await tablesWithUserIds(app);
    expect(tables.get('voice_note_deliveries')).toEqual(['recipient_id', 'sender_id']);
    expect(tables.get('user_profile')).toEqual(['user_id']);
    expect(tables.size).toBeGreaterThan(10);
  });

  it('names every table that no contributor declares', async () => {
    const declared = new Set<string>([
      'users',
      ...ACCOUNT_MODULE_TABLES,
      ...app.accountData.contributors.flatMap((c) => c.tables),
    ]);
    const uncovered = [...(await tablesWithUserIds(app))]
      .filter(([table]) => !declared.has(table) && !(table in DELIBERATELY_NOT_COVERED))
      .map(([table, columns]) => `${table} (${columns.join(', ')})`);
    expect(uncovered, 'tables with user data missing from export and deletion').toEqual([]);
  });

  it('declares no table that does not exist, and excludes nothing it also covers', async () => {
    const result = await app.database.db.execute(sql`
      select table_name from information_schema.tables where table_schema = 'public'`);
    const existing = new Set(rowsOf<{ table_name: string }>(result).map((r) => r.table_name));
    const declared = [
      ...ACCOUNT_MODULE_TABLES,
      ...app.accountData.contributors.flatMap((c) => c.tables),
    ];
    expect(declared.filter((t) => !existing.has(t))).toEqual([]);
    expect(declared.filter((t) => t in DELIBERATELY_NOT_COVERED)).toEqual([]);
  });
});
