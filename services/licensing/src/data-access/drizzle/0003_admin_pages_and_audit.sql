-- Issue 23: indexes for the admin lists' keyset pages at scale (a B-tree on (sort expression, id) for every
-- sort column, trigram GIN for the searched text) and the append-only audit trail of admin actions.
-- pg_trgm is a trusted extension (PostgreSQL 13+): a role with CREATE on the database may add it. Services
-- migrate one after the other (kit's migration lock), so IF NOT EXISTS is enough when another service's
-- migration adds it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "licensing_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_id" text NOT NULL,
	"subject_user_id" integer,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "licensing_audit_action_known" CHECK ("licensing_audit"."action" IN ('promo_code.create', 'promo_code.toggle', 'credits.adjust', 'credits.grant', 'activation_code.mint', 'device.activate', 'device.revoke', 'device.restore'))
);
--> statement-breakpoint
CREATE INDEX "licensing_audit_created_at_idx" ON "licensing_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "licensing_audit_action_idx" ON "licensing_audit" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "licensing_audit_actor_idx" ON "licensing_audit" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "licensing_audit_subject_idx" ON "licensing_audit" USING btree ("subject_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "licensing_audit_search_trgm_idx" ON "licensing_audit" USING gin (("action" || ' ' || "target_id" || ' ' || coalesce("before"::text, '') || ' ' || coalesce("after"::text, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "credit_ledger_user_created_at_idx" ON "credit_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_delta_idx" ON "credit_ledger" USING btree ("user_id","delta","id");--> statement-breakpoint
CREATE INDEX "devices_user_id_idx" ON "devices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "devices_device_uid_sort_idx" ON "devices" USING btree (lower("device_uid"),"id");--> statement-breakpoint
CREATE INDEX "devices_device_name_sort_idx" ON "devices" USING btree (coalesce(lower("device_name"), ''),"id");--> statement-breakpoint
CREATE INDEX "devices_last_seen_at_idx" ON "devices" USING btree ("last_seen_at","id");--> statement-breakpoint
CREATE INDEX "devices_created_at_idx" ON "devices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "devices_license_expires_at_idx" ON "devices" USING btree ("license_expires_at","id");--> statement-breakpoint
CREATE INDEX "devices_revoked_idx" ON "devices" USING btree ("id") WHERE "devices"."revoked_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_device_uid_trgm_idx" ON "devices" USING gin ("device_uid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_device_name_trgm_idx" ON "devices" USING gin ("device_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "promo_codes_code_sort_idx" ON "promo_codes" USING btree (lower("code"),"id");--> statement-breakpoint
CREATE INDEX "promo_codes_created_at_idx" ON "promo_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promo_codes_used_count_idx" ON "promo_codes" USING btree ("used_count","id");--> statement-breakpoint
CREATE INDEX "promo_codes_code_trgm_idx" ON "promo_codes" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): the audit trail is append-only, as the credit ledger.
CREATE FUNCTION "licensing_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'licensing_audit is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "licensing_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "licensing_audit" FOR EACH ROW EXECUTE FUNCTION "licensing_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "licensing_audit_no_truncate" BEFORE TRUNCATE ON "licensing_audit" FOR EACH STATEMENT EXECUTE FUNCTION "licensing_audit_append_only"();
