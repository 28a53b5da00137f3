import { OFFLINE_STORES } from '@pitclock/contracts/offline-db';
import type { ReplanStep, RunReplan } from '../domain/replan';

/**
 * Records of the offline database (SPEC.md section 3). Ids are strings; instants are ISO-8601 UTC;
 * turn-in times are 'HH:MM' (24 h) wall-clock times on the contest date; dates are 'YYYY-MM-DD'.
 */

/** Every record added on this device carries these (SPEC.md section 3). */
export type Stamped = { created_at: string; updated_at: string; is_local: boolean };

export type SanctioningBody = Stamped & { id: string; name: string; description: string | null };

/** user_id null: a global category, read-only. */
export type Category = Stamped & {
  id: string;
  name: string;
  description: string | null;
  user_id: string | null;
};

/**
 * A template as stored. usage_contests and usage_run_steps are not stored: they are derived from
 * contest_templates and run_steps by selectTemplatesWithUsage (so they can never drift).
 */
export type Template = Stamped & {
  id: string;
  name: string;
  user_id: string | null;
  category_id: string | null;
  category_name: string | null;
  turn_in_time: string | null;
  is_archived: boolean;
  sort_index: number;
  /** Beyond SPEC.md: the team it is shared with (docs/sync.md "Scopes"); absent (or null): only its owner's. */
  team_id?: string | null;
};

export type TemplateUsage = { usage_contests: number; usage_run_steps: number };
export type TemplateWithUsage = Template & TemplateUsage;

export type TemplateStep = Stamped & {
  id: string;
  template_id: string;
  name: string;
  description: string | null;
  turn_in_time: string | null;
  minutes_before_turn_in: number;
};

export type Contest = Stamped & {
  id: string;
  name: string;
  contest_date: string;
  sanctioning_body_id: string | null;
  location: string | null;
  category_id: string | null;
  user_id: string | null;
  walk_time_adjust_minutes: number;
  /** The official contest clock minus this device's clock, in ms (beyond SPEC.md); absent or 0: none. */
  clock_offset_ms?: number;
  /** Beyond SPEC.md: the team it is shared with, and all under it (docs/sync.md); absent (or null): not shared. */
  team_id?: string | null;
};

export type ContestTemplate = Stamped & {
  id: string;
  contest_id: string;
  template_id: string;
  override_turn_in_time: string | null;
};

/** A run's status: 'active' until Finish (beyond SPEC.md: 'finished'); a new Start then makes a new run. */
export const RUN_STATUS = { active: 'active', finished: 'finished' } as const;

export type Run = Stamped & {
  id: string;
  contest_id: string;
  status: string;
  contest_date: string;
  name: string;
  /** Beyond SPEC.md: when the run was finished (absent or null while active). */
  finished_at?: string | null;
  /** Beyond SPEC.md: the re-plans the team has not dismissed yet, oldest first (absent: none). */
  plan_changes?: RunReplan[];
};

export type CompletionTimeMode = 'scheduled' | 'now' | 'custom';

export type RunStep = Stamped &
  ReplanStep & {
    run_id: string;
    contest_id: string;
    time_mode: CompletionTimeMode | null;
    dismissed_at: string | null;
  };

export type StepNote = Stamped & { id: string; run_id: string; step_id: string; body: string };

/** A geocoding match as kept on the weather record (SPEC.md section 7's result fields). */
export type LocationMatch = {
  name: string;
  latitude: number;
  longitude: number;
  elevation: number | null;
  admin1: string | null;
  admin2: string | null;
  country: string | null;
  population: number | null;
};

/**
 * Weather and boiling point at the contest site: one per contest, keyed by contest_id. provider is
 * 'open-meteo' when the coordinates are the geocoding's own choice, 'manual' when the user picked them
 * in the location-choice dialog (kept until the contest's location changes).
 */
export type ContestEnvironment = Stamped & {
  contest_id: string;
  lat: number | null;
  lon: number | null;
  elevation_m: number | null;
  provider: 'open-meteo' | 'manual' | null;
  normalized_location: string | null;
  normalized_reason: string | null;
  forecast_json: unknown;
  pressure_msl_hpa: number | null;
  boiling_point_c: number | null;
  boiling_point_f: number | null;
  computed_at: string | null;
  approximate_only: boolean;
  last_geocode_url: string | null;
  last_forecast_url: string | null;
  last_error: string | null;
  last_error_stage: string | null;
  last_error_network: boolean | null;
  last_error_status: number | null;
  /**
   * Beyond SPEC.md: the plausible geocoding matches of normalized_location at the last geocoding (the
   * location-choice dialog lists them when there are several). Absent on records from before it.
   */
  location_matches?: LocationMatch[];
};

/**
 * The record stores of the offline database, in the order backups list them (declared in contracts with
 * the rest of the database's layout: the admin console's diagnostics read them too).
 */
export const STORE_NAMES = OFFLINE_STORES;

export type StoreName = (typeof STORE_NAMES)[number];

export type RecordOf = {
  sanctioning_bodies: SanctioningBody;
  categories: Category;
  templates: Template;
  template_steps: TemplateStep;
  contests: Contest;
  contest_templates: ContestTemplate;
  runs: Run;
  run_steps: RunStep;
  step_notes: StepNote;
  contest_environment: ContestEnvironment;
};

/** Facts about this device's offline database (persisted with it). */
export type AppMetaState = {
  /** When this device first opened the app. */
  firstOpenedAt: string | null;
  /** When the sanctioning bodies and global categories were first seeded. */
  seededAt: string | null;
  /** The persisted version the last migration started from, and when it ran. */
  migratedFrom: number | null;
  migratedAt: string | null;
};

/** Every store's records as lists (the shape of a backup's data and of a restore). */
export type CookData = { [K in StoreName]: RecordOf[K][] };
