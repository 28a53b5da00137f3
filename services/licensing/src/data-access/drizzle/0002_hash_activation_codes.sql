-- Activation codes are stored as a hash, never in clear (the code is shown once, when it is minted). The
-- codes stored so far get the bare SHA-256 of their code (SQL has no key to do better); the service looks a
-- typed code up under its keyed hash and that one, so a code minted before this migration still activates.
ALTER TABLE "activation_codes" RENAME COLUMN "code" TO "code_hash";--> statement-breakpoint
ALTER TABLE "activation_codes" RENAME CONSTRAINT "activation_codes_code_unique" TO "activation_codes_code_hash_unique";--> statement-breakpoint
UPDATE "activation_codes" SET "code_hash" = encode(sha256(convert_to("code_hash", 'UTF8')), 'hex');
