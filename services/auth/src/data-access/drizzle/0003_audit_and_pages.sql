-- Hand-written (drizzle-kit does not model extensions): the trigram indexes below serve the admin lists'
-- searches (ILIKE '%q%'). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "account_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_id" text NOT NULL,
	"subject_user_id" integer,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "account_audit_action_check" CHECK ("action" in ('user.update', 'user.delete', 'user.toggle_admin'))
);
--> statement-breakpoint
DROP INDEX "signup_events_created_at_idx";--> statement-breakpoint
DROP INDEX "signup_events_email_lower_idx";--> statement-breakpoint
DROP INDEX "signup_events_outcome_idx";--> statement-breakpoint
DROP INDEX "signup_events_platform_lower_idx";--> statement-breakpoint
CREATE INDEX "account_audit_created_at_sort_idx" ON "account_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "account_audit_action_sort_idx" ON "account_audit" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "account_audit_actor_id_idx" ON "account_audit" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "account_audit_subject_user_id_idx" ON "account_audit" USING btree ("subject_user_id");--> statement-breakpoint
CREATE INDEX "signup_events_created_at_sort_idx" ON "signup_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "signup_events_email_sort_idx" ON "signup_events" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "signup_events_ip_sort_idx" ON "signup_events" USING btree (lower("ip"),"id");--> statement-breakpoint
CREATE INDEX "signup_events_platform_sort_idx" ON "signup_events" USING btree (lower("platform"),"id");--> statement-breakpoint
CREATE INDEX "signup_events_outcome_sort_idx" ON "signup_events" USING btree ("outcome","id");--> statement-breakpoint
CREATE INDEX "signup_events_email_trgm_idx" ON "signup_events" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signup_events_ip_trgm_idx" ON "signup_events" USING gin ("ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_at_sort_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_is_admin_sort_idx" ON "users" USING btree ("is_admin","id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): the audit trail is append-only.
CREATE FUNCTION "account_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'account_audit is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "account_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "account_audit" FOR EACH ROW EXECUTE FUNCTION "account_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "account_audit_no_truncate" BEFORE TRUNCATE ON "account_audit" FOR EACH STATEMENT EXECUTE FUNCTION "account_audit_append_only"();
