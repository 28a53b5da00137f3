ALTER TABLE "push_schedules" ADD COLUMN "locale" text;--> statement-breakpoint
-- push_replace_schedule of migration 0004 with the locale of the alert body's 'due' time (p_locale, a BCP 47
-- tag; null: 24-hour HH:MM, as schedules stored before this migration and sent by older apps keep), which
-- every replace now sets. The fifteen-argument function stays for API processes of the previous version
-- during a rolling upgrade (they leave locale as it is); a later migration drops it.
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
	p_max_runs integer,
	p_team_id uuid,
	p_locale text
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
	INSERT INTO push_schedules AS s (user_id, run_id, contest_id, contest_name, time_zone, team_id, locale)
	VALUES (p_user_id, p_run_id, p_contest_id, p_contest_name, p_time_zone, p_team_id, p_locale)
	ON CONFLICT (user_id, run_id) DO UPDATE
	SET contest_id = excluded.contest_id, contest_name = excluded.contest_name,
		time_zone = excluded.time_zone, team_id = excluded.team_id, locale = excluded.locale,
		updated_at = now();
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
