CREATE TABLE "call_transcript_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_id" uuid,
	"spoken_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"text" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transcript_state" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transcript_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transcript_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_transcript_lines" ADD CONSTRAINT "call_transcript_lines_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_transcript_lines" ADD CONSTRAINT "call_transcript_lines_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_transcript_lines" ADD CONSTRAINT "call_transcript_lines_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_transcript_lines_call_idx" ON "call_transcript_lines" USING btree ("call_id","spoken_at");--> statement-breakpoint
CREATE INDEX "call_transcript_lines_owner_idx" ON "call_transcript_lines" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_transcript_requested_by_users_id_fk" FOREIGN KEY ("transcript_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;