import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CareAlertStatus } from '@kaleido/shared/care/care-alerts.schemas';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { careAlerts, careRelationships } from '../../db/schema/care';

export type AlertRow = typeof careAlerts.$inferSelect;
export type NewAlert = Omit<typeof careAlerts.$inferInsert, 'id' | 'status' | 'answeredAt'>;

export type CareAlertsRepository = ReturnType<typeof createCareAlertsRepository>;

/** Alerts raised for a professional from what a person shares (care-alerts.service.ts). */
export function createCareAlertsRepository(db: Db) {
  return {
    /** A new alert; null when this trigger already raised one. */
    async insertAlert(values: NewAlert): Promise<AlertRow | null> {
      const rows = await db.insert(careAlerts).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** A professional's alerts about people they still work with, newest first. */
    async alertsOf(
      professionalId: string,
      filter: { personId?: string; statuses: CareAlertStatus[] },
    ) {
      return db
        .select({ alert: careAlerts, personName: users.name })
        .from(careAlerts)
        .innerJoin(careRelationships, eq(careRelationships.id, careAlerts.relationshipId))
        .innerJoin(users, eq(users.id, careAlerts.personId))
        .where(
          and(
            eq(careAlerts.professionalId, professionalId),
            eq(careRelationships.status, 'active'),
            inArray(careAlerts.status, filter.statuses),
            filter.personId ? eq(careAlerts.personId, filter.personId) : undefined,
          ),
        )
        .orderBy(desc(careAlerts.createdAt))
        .limit(200);
    },

    async alert(id: string): Promise<AlertRow | null> {
      const rows = await db.select().from(careAlerts).where(eq(careAlerts.id, id));
      return rows[0] ?? null;
    },

    async answerAlert(id: string, status: 'acknowledged' | 'dismissed', now: Date) {
      await db.update(careAlerts).set({ status, answeredAt: now }).where(eq(careAlerts.id, id));
    },
  };
}
