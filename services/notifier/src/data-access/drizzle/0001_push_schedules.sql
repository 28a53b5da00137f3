CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"run_id" text NOT NULL,
	"step_id" text NOT NULL,
	"stage" text NOT NULL,
	"stage_index" smallint NOT NULL,
	"subscription_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"status_code" integer,
	"job_id" text,
	CONSTRAINT "push_deliveries_result_known" CHECK ("push_deliveries"."result" in ('sent', 'gone', 'failed', 'retry', 'expired', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "push_schedule_steps" (
	"user_id" integer NOT NULL,
	"run_id" text NOT NULL,
	"step_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"template_name" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"done" boolean NOT NULL,
	"dismissed" boolean NOT NULL,
	CONSTRAINT "push_schedule_steps_pkey" PRIMARY KEY("user_id","run_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "push_schedules" (
	"user_id" integer NOT NULL,
	"run_id" text NOT NULL,
	"contest_id" text NOT NULL,
	"contest_name" text NOT NULL,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_schedules_pkey" PRIMARY KEY("user_id","run_id")
);
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"public_key" text PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_schedule_steps" ADD CONSTRAINT "push_schedule_steps_schedule_fk" FOREIGN KEY ("user_id","run_id") REFERENCES "public"."push_schedules"("user_id","run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_accepted_unique" ON "push_deliveries" USING btree ("user_id","run_id","step_id","stage_index","due_at","subscription_id") WHERE "push_deliveries"."result" = 'sent';--> statement-breakpoint
CREATE INDEX "push_deliveries_step_idx" ON "push_deliveries" USING btree ("user_id","run_id","step_id");