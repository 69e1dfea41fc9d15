/**
 * The 43 upload object names of the spec (POST /logs, "Object names that can be uploaded"),
 * grouped as the spec groups them, derived from the catalog.
 *
 * @module
 */
import { CATALOG } from './catalog/index.js';

type Groups = typeof CATALOG;

/** One of the 43 upload object names (a table on the service side). */
export type ObjectName = { [G in keyof Groups]: keyof Groups[G] & string }[keyof Groups];

/** Object names by the spec's groups. */
export const OBJECT_GROUPS = Object.fromEntries(
  Object.entries(CATALOG).map(([group, kinds]) => [group, Object.keys(kinds)]),
) as unknown as { readonly [G in keyof Groups]: ReadonlyArray<keyof Groups[G] & string> };

/** All 43 object names, in the spec's order. */
export const OBJECT_NAMES: readonly ObjectName[] = Object.values(OBJECT_GROUPS).flat();

const NAME_SET: ReadonlySet<string> = new Set(OBJECT_NAMES);

/** True when `name` is one of the 43 upload object names. */
export function isObjectName(name: unknown): name is ObjectName {
  return typeof name === 'string' && NAME_SET.has(name);
}
