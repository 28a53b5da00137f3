CREATE INDEX "push_schedule_steps_pending_idx" ON "push_schedule_steps" USING btree ("user_id","scheduled_at","run_id") WHERE not "push_schedule_steps"."done" and not "push_schedule_steps"."dismissed";--> statement-breakpoint
-- push_replace_schedule with the limit on a user's runs with alerts ahead (a step neither done nor
-- dismissed, due after p_alerts_ahead_after: its alert window has not ended), which bounds what one user
-- keeps in Redis. When the new steps have alerts ahead (p_has_alerts_ahead) and the run had none, the
-- user's other runs with alerts ahead are counted; at p_max_runs the replace raises a check violation
-- named push_schedules_runs_with_alerts_per_user and stores nothing. Those replaces of one user take a
-- lock per user first (pg_advisory_xact_lock(7140301, user), held to the commit), so two of them cannot
-- both take the last place; every other change (done, dismissed, deleted, time passing) only frees places.
-- The eleven-argument function of migration 0002 stays for API processes of the previous version during a
-- rolling upgrade; a later migration drops it.
CREATE FUNCTION push_replace_schedule(
	p_user_id integer,
	p_run_id text,
	p_contest_id text,
	p_contest_name text,
	p_time_zone text,
	p_step_ids text[],
	p_names text[],
	p_template_names text[],
	p_scheduled_at timestamp with time zone[],
	p_done boolean[],
	p_dismissed boolean[],
	p_has_alerts_ahead boolean,
	p_alerts_ahead_after timestamp with time zone,
	p_max_runs integer
) RETURNS TABLE (
	id text,
	name text,
	template_name text,
	scheduled_at timestamp with time zone,
	done boolean,
	dismissed boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	other_runs integer;
BEGIN
	IF p_has_alerts_ahead THEN
		PERFORM pg_advisory_xact_lock(7140301, p_user_id);
		IF NOT EXISTS (
			SELECT 1 FROM push_schedule_steps st
			WHERE st.user_id = p_user_id AND st.run_id = p_run_id AND NOT st.done AND NOT st.dismissed
				AND st.scheduled_at > p_alerts_ahead_after
		) THEN
			SELECT count(DISTINCT st.run_id) INTO other_runs
			FROM push_schedule_steps st
			WHERE st.user_id = p_user_id AND st.run_id <> p_run_id AND NOT st.done AND NOT st.dismissed
				AND st.scheduled_at > p_alerts_ahead_after;
			IF other_runs >= p_max_runs THEN
				RAISE EXCEPTION 'user % has % runs with alerts ahead', p_user_id, other_runs
					USING ERRCODE = 'check_violation', CONSTRAINT = 'push_schedules_runs_with_alerts_per_user';
			END IF;
		END IF;
	END IF;
	INSERT INTO push_schedules AS s (user_id, run_id, contest_id, contest_name, time_zone)
	VALUES (p_user_id, p_run_id, p_contest_id, p_contest_name, p_time_zone)
	ON CONFLICT (user_id, run_id) DO UPDATE
	SET contest_id = excluded.contest_id, contest_name = excluded.contest_name,
		time_zone = excluded.time_zone, updated_at = now();
	RETURN QUERY
		SELECT st.step_id, st.name, st.template_name, st.scheduled_at, st.done, st.dismissed
		FROM push_schedule_steps st
		WHERE st.user_id = p_user_id AND st.run_id = p_run_id
		ORDER BY st.position;
	DELETE FROM push_schedule_steps st WHERE st.user_id = p_user_id AND st.run_id = p_run_id;
	INSERT INTO push_schedule_steps
		(user_id, run_id, step_id, position, name, template_name, scheduled_at, done, dismissed)
	SELECT p_user_id, p_run_id, n.step_id, (n.ord - 1)::integer, n.name, n.template_name, n.scheduled_at,
		n.done, n.dismissed
	FROM unnest(p_step_ids, p_names, p_template_names, p_scheduled_at, p_done, p_dismissed)
		WITH ORDINALITY AS n(step_id, name, template_name, scheduled_at, done, dismissed, ord);
END
$$;
