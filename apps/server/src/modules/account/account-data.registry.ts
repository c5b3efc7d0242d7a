/**
 * Where each feature says what of a user's data it holds, once, for export and deletion
 * (docs/decisions/006). A feature that stores user data registers one contributor in app.ts:
 *
 *   accountData.register({ section: 'journal_entries', tables: ['journal_entries'], export: …,
 *     deleteData: … });
 *
 * Contributors run in registration order. `tables` is checked against the live schema by
 * account-data-coverage.test.ts: a table holding a user id that nobody declares fails the suite.
 */
export interface AccountDataContributor {
  /** Its key in the export file (user-data-export-YYYY-MM-DD.json). */
  section: string;
  /**
   * The database tables whose rows of this user this contributor exports and deletes (or keeps on
   * purpose, saying why). Every table with a user id column must be declared by someone.
   */
  tables: readonly string[];
  /** What the user owns here, as JSON. */
  export?: (userId: string) => Promise<unknown>;
  /**
   * "Delete my data": remove what the user owns here, keeping what others own (the account stays
   * and can sign in). Afterwards every file the user still owns is deleted, except those whose
   * purpose a contributor lists in `keepFilePurposes`.
   */
  deleteData?: (userId: string) => Promise<void>;
  /** File purposes that survive "delete my data" (e.g. media others received in a chat). */
  keepFilePurposes?: readonly string[];
  /**
   * The account deletion hook: runs before the account row goes and its rows cascade away, so
   * what others own survives it. Chat, for one, must keep the messages a partner received and
   * show them as from a deleted user (e.g. by moving them to a tombstone sender). Every file the
   * user still owns afterwards is deleted with its bytes.
   */
  onAccountDeletion?: (userId: string) => Promise<void>;
}

export class AccountDataRegistry {
  readonly #contributors: AccountDataContributor[] = [];

  register(contributor: AccountDataContributor): void {
    if (this.#contributors.some((c) => c.section === contributor.section))
      throw new Error(`account data section ${contributor.section} registered twice`);
    this.#contributors.push(contributor);
  }

  get contributors(): readonly AccountDataContributor[] {
    return this.#contributors;
  }
}
