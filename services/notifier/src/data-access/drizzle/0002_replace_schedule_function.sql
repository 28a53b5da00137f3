-- A PUT of a run's schedule in one round trip (it used to take six: BEGIN, upsert, read, delete, insert,
-- COMMIT, each waiting on a busy event loop while the transaction held a pooled connection). The upsert
-- of the run's row comes first and locks it, so replaces of one run run one after the other; the steps
-- as they were are returned.
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
	p_dismissed boolean[]
) RETURNS TABLE (
	id text,
	name text,
	template_name text,
	scheduled_at timestamp with time zone,
	done boolean,
	dismissed boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
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
