import type { ChangeSet } from './actions';
import type { Category, Contest, SanctioningBody, Stamped, Template } from './types';

/**
 * The ten sanctioning bodies of SPEC.md section 3. Stable ids, numeric like the original database's
 * (a cook-off sends its sanctioning body as a number, SPEC.md section 5), so that merges across devices
 * and backups of the original app agree.
 */
export const SEED_SANCTIONING_BODIES: ReadonlyArray<{ id: string; name: string }> = [
  { id: '1', name: 'Kansas City Barbecue Society (KCBS)' },
  { id: '2', name: 'Champions BBQ Alliance (CBA)' },
  { id: '3', name: 'Outlaw BBQ Association (OBA)' },
  { id: '4', name: "Barbecue Competitor's Alliance (BCA)" },
  { id: '5', name: 'International Barbecue Cookers Association (IBCA)' },
  { id: '6', name: 'Florida Bar-B-Q Association (FBA)' },
  { id: '7', name: 'Memphis Barbecue Network (MBN)' },
  { id: '8', name: 'Pacific Northwest Barbecue Association (PNWBA)' },
  { id: '9', name: 'Lone Star Barbecue Society (LSBS)' },
  { id: '10', name: 'Unsanctioned' },
];

/** The four global categories (user_id null, read-only), ids as stable as the bodies'. */
export const SEED_CATEGORIES: ReadonlyArray<{ id: string; name: string }> = [
  { id: '1', name: 'Chicken' },
  { id: '2', name: 'Ribs' },
  { id: '3', name: 'Pork' },
  { id: '4', name: 'Brisket' },
];

export type SeedDuplicate = {
  store: 'sanctioning_bodies' | 'categories';
  name: string;
  /** The oldest record, kept; references to the removed ones now point to it. */
  kept: string;
  removed: string[];
};

export type SeedReport = {
  /** Names of the seed records that were missing and were added. */
  added: string[];
  duplicates: SeedDuplicate[];
};

export type SeedInput = {
  sanctioning_bodies: SanctioningBody[];
  categories: Category[];
  templates: Template[];
  contests: Contest[];
};

const nameKey = (name: string) => name.trim().toLowerCase();

const byAge = (a: Stamped & { id: string }, b: Stamped & { id: string }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Groups records by name (trimmed, case-insensitive); only the groups with more than one record. */
function duplicateGroups<T extends Stamped & { id: string; name: string }>(records: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const key = nameKey(record.name);
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  return [...groups.values()].filter((group) => group.length > 1).map((group) => group.sort(byAge));
}

/** Names of sanctioning bodies stored more than once (diagnostics show them in red). */
export function duplicateSanctioningBodyNames(bodies: SanctioningBody[]): string[] {
  return duplicateGroups(bodies).map((group) => group[0]!.name);
}

/**
 * What seeding changes: adds each missing seed sanctioning body and global category (matched by name,
 * so seeding is idempotent: a second run changes nothing) and repairs duplicates by keeping the
 * oldest record and re-pointing contests and templates from the removed ones to it.
 */
export function planSeed(
  input: SeedInput,
  { now, newId }: { now: string; newId: () => string },
): { changes: ChangeSet; report: SeedReport } {
  const stamp = { created_at: now, updated_at: now, is_local: true };
  const report: SeedReport = { added: [], duplicates: [] };
  const bodies: SanctioningBody[] = [];
  const categories: Category[] = [];
  const removedBodies: string[] = [];
  const removedCategories: string[] = [];
  const bodyRemap = new Map<string, string>();
  const categoryRemap = new Map<string, Category>();

  for (const group of duplicateGroups(input.sanctioning_bodies)) {
    const [kept, ...rest] = group;
    report.duplicates.push({
      store: 'sanctioning_bodies',
      name: kept!.name,
      kept: kept!.id,
      removed: rest.map((r) => r.id),
    });
    for (const record of rest) {
      removedBodies.push(record.id);
      bodyRemap.set(record.id, kept!.id);
    }
  }
  const globals = input.categories.filter((category) => category.user_id === null);
  for (const group of duplicateGroups(globals)) {
    const [kept, ...rest] = group;
    report.duplicates.push({
      store: 'categories',
      name: kept!.name,
      kept: kept!.id,
      removed: rest.map((r) => r.id),
    });
    for (const record of rest) {
      removedCategories.push(record.id);
      categoryRemap.set(record.id, kept!);
    }
  }

  const takenIds = (records: { id: string }[]) => new Set(records.map((record) => record.id));
  const bodyIds = takenIds(input.sanctioning_bodies);
  const bodyNames = new Set(input.sanctioning_bodies.map((body) => nameKey(body.name)));
  for (const seed of SEED_SANCTIONING_BODIES) {
    if (bodyNames.has(nameKey(seed.name))) continue;
    const id = bodyIds.has(seed.id) ? newId() : seed.id;
    bodies.push({ id, name: seed.name, description: null, ...stamp });
    report.added.push(seed.name);
  }
  const categoryIds = takenIds(input.categories);
  const globalNames = new Set(globals.map((category) => nameKey(category.name)));
  for (const seed of SEED_CATEGORIES) {
    if (globalNames.has(nameKey(seed.name))) continue;
    const id = categoryIds.has(seed.id) ? newId() : seed.id;
    categories.push({ id, name: seed.name, description: null, user_id: null, ...stamp });
    report.added.push(seed.name);
  }

  const contests: Contest[] = [];
  for (const contest of input.contests) {
    const body = contest.sanctioning_body_id && bodyRemap.get(contest.sanctioning_body_id);
    const category = contest.category_id ? categoryRemap.get(contest.category_id) : undefined;
    if (!body && !category) continue;
    contests.push({
      ...contest,
      ...(body ? { sanctioning_body_id: body } : {}),
      ...(category ? { category_id: category.id } : {}),
      updated_at: now,
    });
  }
  const templates: Template[] = [];
  for (const template of input.templates) {
    const category = template.category_id ? categoryRemap.get(template.category_id) : undefined;
    if (category) {
      templates.push({
        ...template,
        category_id: category.id,
        category_name: category.name,
        updated_at: now,
      });
    }
  }

  return {
    changes: {
      op: 'seed',
      set: { sanctioning_bodies: bodies, categories, contests, templates },
      remove: { sanctioning_bodies: removedBodies, categories: removedCategories },
    },
    report,
  };
}
