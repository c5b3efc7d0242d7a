import type { AccountDataRegistry } from '../account/account-data.registry';
import type { AuditService } from './audit.service';

/**
 * audit_log in the person's data (docs/decisions/022-audit-log.md): the export lists what was done
 * to or by their account; "delete my data" keeps the rows (the log is append-only, and a record
 * of administrators' actions is the instance's, not the person's); deleting the account keeps
 * each row and drops the link to them (actor_id / target_user_id set null by the foreign key),
 * and the rows hold no name or email, so what stays names nobody.
 * account_flags (disabled, cohort) is what administrators set on the account: exported, kept by
 * "delete my data" (deleting data must not re-enable a disabled account), gone with the account.
 * research_releases (decision 042) is the research privacy ledger: the releases an administrator
 * made (weeks, cohort, ε) are in their export; like the audit log it is the instance's record and
 * stays, unlinked (actor_id set null), when the account goes — dropping it would refund budget.
 */
export function registerAuditAccountData(
  registry: AccountDataRegistry,
  audit: Pick<AuditService, 'naming'>,
  flags: (userId: string) => Promise<unknown>,
  researchReleases: (userId: string) => Promise<unknown>,
) {
  registry.register({
    section: 'administration',
    tables: ['audit_log', 'account_flags', 'research_releases'],
    export: async (userId) => ({
      audit_log: await audit.naming(userId),
      account_flags: await flags(userId),
      research_releases: await researchReleases(userId),
    }),
  });
}
