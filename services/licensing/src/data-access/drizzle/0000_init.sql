CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"license_days" integer,
	"expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_max_uses_positive" CHECK ("promo_codes"."max_uses" IS NULL OR "promo_codes"."max_uses" > 0),
	CONSTRAINT "promo_codes_used_count_in_range" CHECK ("promo_codes"."used_count" >= 0 AND ("promo_codes"."max_uses" IS NULL OR "promo_codes"."used_count" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_license_days_positive" CHECK ("promo_codes"."license_days" IS NULL OR "promo_codes"."license_days" > 0)
);
