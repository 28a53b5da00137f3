// zod-to-openapi (9.1.0) reads classic zod schemas only: it calls .meta() and reads the getters a
// classic schema carries (a string's minLength, maxLength and format, a number's format, a record's
// keyType and valueType, a nullable's unwrap()), which zod/mini schemas do not have. The answers the
// browser reads are zod/mini schemas (schemas/*-answers.ts), embedded in classic ones too. The generator
// is given a classic view of each schema instead: the same tree rebuilt with classic constructors from
// the same definitions (checks, texts and transforms shared), so that the document reads as if every
// schema were classic. Server-side only, like openapi.ts.
import { z } from 'zod';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** The definition fields that may hold a schema (an object's catchall, a tuple's rest may be unset). */
const SCHEMA_FIELDS = [
  'innerType',
  'element',
  'in',
  'out',
  'keyType',
  'valueType',
  'left',
  'right',
  'catchall',
  'rest',
];
/** The definition fields that hold a list of schemas. */
const SCHEMA_LIST_FIELDS = ['options', 'items'];

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;
const isClassic = (schema: Schema) => schema._zod.traits.has('ZodType');

/** ZodMiniString -> z.ZodString, ZodMiniUUID -> z.ZodUUID, ...: classic zod names each kind alike. */
const classicConstructorOf = (schema: Schema): new (def: Def) => Schema => {
  const name = schema._zod.constr.name.replace(/^ZodMini/, 'Zod');
  const constructor = (z as unknown as Record<string, unknown>)[name];
  if (typeof constructor !== 'function')
    throw new Error(`no classic zod schema for ${schema._zod.constr.name}`);
  return constructor as new (def: Def) => Schema;
};

const views = new WeakMap<Schema, Schema>();

/** The definition with each schema in it replaced by its view; the same object when none changes. */
function viewDef(def: Def): Def {
  const changes: Record<string, unknown> = {};
  for (const field of SCHEMA_FIELDS) {
    const value = def[field];
    if (isSchema(value) && view(value) !== value) changes[field] = view(value);
  }
  for (const field of SCHEMA_LIST_FIELDS) {
    const list = def[field];
    if (!Array.isArray(list)) continue;
    const viewed = list.map((item: unknown) => (isSchema(item) ? view(item) : item));
    if (viewed.some((item, index) => item !== list[index])) changes[field] = viewed;
  }
  if (def.type === 'object') {
    const shape = def.shape as Record<string, Schema>;
    const viewed = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, view(value)]));
    if (Object.keys(shape).some((key) => viewed[key] !== shape[key])) changes.shape = viewed;
  }
  if (def.type === 'lazy') {
    const getter = def.getter as () => Schema;
    changes.getter = () => view(getter());
  }
  return Object.keys(changes).length === 0 ? def : { ...def, ...changes };
}

function view(schema: Schema): Schema {
  const known = views.get(schema);
  if (known) return known;
  const def = schema._zod.def as Def;
  const viewedDef = viewDef(def);
  let result = schema;
  if (!isClassic(schema) || viewedDef !== def) {
    const Constructor = isClassic(schema)
      ? (schema._zod.constr as new (def: Def) => Schema)
      : classicConstructorOf(schema);
    result = new Constructor(viewedDef);
    // Metadata (z.globalRegistry's, the generator's own registry's) is read through the parent.
    result._zod.parent = schema;
  }
  views.set(schema, result);
  return result;
}

/**
 * The schema as zod-to-openapi can read it: a classic schema without zod/mini parts is itself; any other
 * is rebuilt with classic constructors (the same kind, definitions and checks), its parts likewise. The
 * same schema always gives the same view.
 */
export function classicView<S extends z.ZodType>(schema: S): S;
export function classicView(schema: Schema): z.ZodType;
export function classicView(schema: Schema): z.ZodType {
  return view(schema) as z.ZodType;
}
