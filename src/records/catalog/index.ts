/**
 * The record catalog: every upload object kind of the spec, grouped as the spec groups them (POST
 * /logs, "Object names that can be uploaded"). The single source of the schemas, of `track`'s
 * types, and of the generated reference docs/records.md.
 *
 * @module
 */
import { BASIC } from './basic.js';
import { CHANGE } from './change.js';
import { DEPOSIT_AND_WITHDRAW } from './deposit-and-withdraw.js';
import { DISMISS } from './dismiss.js';
import { GET } from './get.js';
import { LEVEL_UP } from './level-up.js';
import { LOGIN_ADS_QUESTS_BONUSES } from './login-ads-quests-bonuses.js';
import { OFFER_REACTIONS } from './offer-reactions.js';
import { PLAY } from './play.js';
import { STAGES } from './stages.js';
import { USE_AND_EQUIP } from './use-and-equip.js';

/** The spec's groups, in its order, with their kinds. */
export const CATALOG = {
  basic: BASIC,
  offerReactions: OFFER_REACTIONS,
  loginAdsQuestsBonuses: LOGIN_ADS_QUESTS_BONUSES,
  change: CHANGE,
  stages: STAGES,
  play: PLAY,
  get: GET,
  useAndEquip: USE_AND_EQUIP,
  dismiss: DISMISS,
  levelUp: LEVEL_UP,
  depositAndWithdraw: DEPOSIT_AND_WITHDRAW,
} as const;

/** The spec's headings of the groups. */
export const GROUP_TITLES: Readonly<Record<keyof typeof CATALOG, string>> = {
  basic: 'Basic',
  offerReactions: 'Offer reactions',
  loginAdsQuestsBonuses: 'Login and ads, quests, bonuses',
  change: 'Change',
  stages: 'Stages',
  play: 'Play',
  get: 'Get',
  useAndEquip: 'Use and equip',
  dismiss: 'Dismiss',
  levelUp: 'Level up',
  depositAndWithdraw: 'Deposit and withdraw',
};

type Groups = typeof CATALOG;
/** Every kind's spec, by object name. */
export type Kinds = { [G in keyof Groups]: Groups[G] }[keyof Groups] extends infer U ? UnionToIntersection<U> : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export { BASE_FIELDS, type KindSource, type KindSpec } from './kind-spec.js';
export { FIELD_SCHEMAS, FIELD_TYPE_DOCS, type FieldSchema, type FieldType } from './field-types.js';
export { MESSAGE_STATUSES, type MessageStatus } from './message-status.js';
export * from './values.js';
