/**
 * The game's own fields of the open kinds: the interface a game augments, and what it changes in
 * the record types.
 *
 * @module
 */
import type { ExtraValue, Kinds } from './catalog/index.js';
import type { ObjectName } from './object-names.js';

/**
 * The object names whose kinds are open: every kind but the four the spec gives a field table
 * (`players_join`, `players_login`, `characters_purchases`, `players_offers`). Without a
 * {@link RecordFields} declaration, an open kind takes any extra field, a misspelled one included,
 * as long as its value is an {@link ExtraValue}.
 */
export type OpenObjectName = { [K in ObjectName]: Kinds[K]['source'] extends 'spec' ? never : K }[ObjectName];

/**
 * The fields your game sends on the open kinds ({@link OpenObjectName}), by object name: empty in
 * the SDK, filled by your game with a module augmentation. A kind named here is closed for your
 * code: `track()` accepts its catalog fields (docs/records.md) and the ones you declare, and any
 * other field, a misspelled one first, is a compile error. A kind not named stays open.
 *
 * Declare it in any file of your game, under the module name `'tp-web-sdk'`, whichever entry
 * the game imports (`tp-web-sdk` or `tp-web-sdk/logging`: both use this one interface). The
 * `import type` line makes the file a module and brings the package's types into the program
 * (a game that imports only `tp-web-sdk/logging` needs it); it adds nothing to the bundle.
 *
 * ```ts
 * import type {} from 'tp-web-sdk';
 *
 * declare module 'tp-web-sdk' {
 *   interface RecordFields {
 *     players_stages: { stage_score: number; stage_difficulty?: 'easy' | 'hard' };
 *     characters_items_consumable_use: { potion_strength?: number };
 *   }
 * }
 *
 * tp.track('players_stages', { stage_slug: 'level-1', stage_score: 120 }); // ok
 * tp.track('players_stages', { stage_slug: 'level-1', stage_scor: 120 });  // compile error: stage_scor
 * tp.track('players_stages', { stage_slug: 'level-1' });                   // compile error: stage_score is required
 * ```
 *
 * Several files may each declare some kinds, all under `'tp-web-sdk'`. Not under
 * `'tp-web-sdk/logging'` too: TypeScript can drop a declaration of the same interface made under
 * another module name.
 *
 * - Each value is an {@link ExtraValue} (a string, a finite number, a boolean, null, or a list of
 *   those), as the service stores it; a field declared with another type (an object) has the type
 *   `never`, so `track()` refuses any value of it.
 * - A declared field of the catalog's name meets the catalog's type: it can be made required or
 *   narrower (`stage_result: 'clear' | 'fail'`), not of another type. The catalog's required
 *   fields stay required.
 * - Declare open kinds only. A name that is not an open kind (a misspelled kind, or one of the
 *   four closed kinds, which take no other field anyway) makes every `track()` call a compile
 *   error that names it.
 * - Types only: at run time, open kinds still accept extra fields of any name, and
 *   `beforeSend` gets each record untyped (`Record<string, unknown>`).
 */
export interface RecordFields {}

/** The names in {@link RecordFields} that are not open kinds (never, when the declaration is right). */
export type MisdeclaredKind = Exclude<keyof RecordFields, OpenObjectName>;

/** The fields a game declared for kind `K`, each refused (`never`) unless an {@link ExtraValue}. */
type Declared<F> = { [P in keyof F]: F[P] extends ExtraValue | undefined ? F[P] : never };

/**
 * `T` (a record type of kind `K`) with the game's {@link RecordFields} of `K`: without them, `T` as
 * it is; with them, `T` without its index signature, and the declared fields.
 */
export type WithDeclaredFields<K extends ObjectName, T> = K extends OpenObjectName & keyof RecordFields
  ? { [P in keyof T as string extends P ? never : P]: T[P] } & Declared<RecordFields[K]>
  : T;
