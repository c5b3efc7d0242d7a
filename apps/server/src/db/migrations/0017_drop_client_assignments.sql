-- Existing assignments become active relationships (no consent: nothing is shared until the person grants it).
INSERT INTO "care_relationships" ("professional_id", "person_id", "initiated_by", "status", "created_at", "responded_at") SELECT "client_id", "user_id", 'professional', 'active', "created_at", "created_at" FROM "client_assignments" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "client_assignments" CASCADE;
