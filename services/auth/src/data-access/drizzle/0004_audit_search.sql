-- The audit trail's search uses kit's auditSearchTextOf expression, with a trigram index on exactly it (as
-- licensing_audit has), and the actor and subject filters come in time order from their indexes.
DROP INDEX "account_audit_actor_id_idx";--> statement-breakpoint
DROP INDEX "account_audit_subject_user_id_idx";--> statement-breakpoint
CREATE INDEX "account_audit_actor_idx" ON "account_audit" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "account_audit_subject_idx" ON "account_audit" USING btree ("subject_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "account_audit_search_trgm_idx" ON "account_audit" USING gin (("action" || ' ' || "target_id" || ' ' || coalesce("before"::text, '') || ' ' || coalesce("after"::text, '')) gin_trgm_ops);