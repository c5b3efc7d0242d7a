CREATE TABLE "client_assignments" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_assignments_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_profile" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"pronouns" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"language_pref" text DEFAULT 'en' NOT NULL,
	"emo_tone_preference" text DEFAULT '' NOT NULL,
	"reflection_goal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"personal_statement" text DEFAULT '' NOT NULL,
	"journal_frequency" text DEFAULT 'weekly' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"pro_title" text DEFAULT '' NOT NULL,
	"role_type" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"credential" text DEFAULT '' NOT NULL,
	"focus_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages_spoken" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"availability_hours" jsonb,
	"ethical_statement" text DEFAULT '' NOT NULL,
	"admin_role_type" text DEFAULT '' NOT NULL,
	"jurisdiction" text DEFAULT '' NOT NULL,
	"research_consent" boolean DEFAULT false NOT NULL,
	"dataset_tag" text DEFAULT '' NOT NULL,
	"admin_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"notification_settings" jsonb NOT NULL,
	"privacy_settings" jsonb NOT NULL,
	"theme_settings" jsonb NOT NULL,
	"professional_settings" jsonb NOT NULL,
	"system_settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profile" ADD CONSTRAINT "user_profile_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_assignments_user_id_idx" ON "client_assignments" USING btree ("user_id");