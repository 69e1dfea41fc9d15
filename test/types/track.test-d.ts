/**
 * Compile-time checks of the public API: what a game's code may and may not write.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type ObjectName, type OpenObjectName, type RecordFields, type RecordInput, type TpClient } from '../../src/index.js';
import { createClient as createLoggingClient } from '../../src/logging.js';

declare const tp: TpClient;

describe('track is typed from the schemas', () => {
  it('accepts records with the enriched fields left out', () => {
    tp.track('players_login', {});
    tp.track('players_login', { device_unique_id: 'd', region: 'KR', app_version: null });
    tp.track('players_offers', { offer_id: 1, message_status: 'open', message_detail: 'x' });
    tp.track('characters_purchases', {
      character_slug: 'c',
      purchasable_slug: 'p',
      purchase_quantity: 1,
      purchase_unit_price: 1,
      purchase_total_price: 1,
      purchase_currency_code: 'USD',
    });
    tp.track('characters_stages', { character_slug: 'c', stage_slug: 's', any_extra: ['ok', 1] });
  });

  it('rejects a misspelled kind, a misspelled field, a wrong type and a wrong status', () => {
    // @ts-expect-error not one of the 43 object names
    tp.track('players_logins', {});
    // @ts-expect-error unknown field of a spec kind
    tp.track('players_login', { sdk_versoin: '2021.4' });
    // @ts-expect-error a string where a number belongs
    tp.track('characters_purchases', { character_slug: 'c', purchasable_slug: 'p', purchase_quantity: '1', purchase_unit_price: 1, purchase_total_price: 1, purchase_currency_code: 'USD' });
    // @ts-expect-error message_status is one of the four
    tp.track('players_offers', { offer_id: 1, message_status: 'clicked' });
    // @ts-expect-error offer_id is required
    tp.track('players_offers', { message_status: 'open' });
  });

  it('types the kinds the spec does not detail, from the catalog', () => {
    tp.track('characters_items_consumable_get', { character_slug: 'c', item_slug: 'potion', item_quantity: 2, reference_entity: 'quest' });
    // @ts-expect-error item_quantity is a number
    tp.track('characters_items_consumable_get', { character_slug: 'c', item_slug: 'potion', item_quantity: '2' });
    // @ts-expect-error item_quantity is required
    tp.track('characters_items_consumable_get', { character_slug: 'c', item_slug: 'potion' });
    // @ts-expect-error level is a number
    tp.track('characters_levelup', { character_slug: 'c', level: 'ten' });
    // @ts-expect-error an extra field holds a scalar or a list of scalars, not an object
    tp.track('characters_levelup', { character_slug: 'c', level: 10, meta: { a: 1 } });
  });

  it('keeps the open kinds open while the game declares none of their fields (RecordFields)', () => {
    // The declared case is test/consumer/fields.mts: a declaration would reach every file here.
    expectTypeOf<keyof RecordFields>().toEqualTypeOf<never>();
    const logging = createLoggingClient({ baseUrl: 'https://x', clientKey: 'k', authMode: 'client' });
    tp.track('players_stages', { stage_slug: 's', stage_score: 1, stage_scor: 1 });
    logging.track('players_stages', { stage_slug: 's', stage_scor: 1 });
    expectTypeOf<RecordInput<'players_stages'>>().toHaveProperty('stage_scor');
    // @ts-expect-error stage_slug is still required on an open kind
    tp.track('players_stages', { stage_score: 1 });
  });

  it('names the 39 open kinds: all but the four the spec gives a table', () => {
    expectTypeOf<Exclude<ObjectName, OpenObjectName>>().toEqualTypeOf<'players_join' | 'players_login' | 'characters_purchases' | 'players_offers'>();
    expectTypeOf<'players_characters_get'>().toExtend<OpenObjectName>();
    // @ts-expect-error a closed kind still takes no other field, from either entry
    createLoggingClient({ baseUrl: 'https://x', clientKey: 'k', authMode: 'client' }).track('players_offers', { offer_id: 1, message_status: 'open', extra: 1 });
  });

  it('makes only the enriched fields optional', () => {
    expectTypeOf<RecordInput<'players_offers'>>().toHaveProperty('offer_id');
    expectTypeOf<RecordInput<'players_offers'>['player_slug']>().toEqualTypeOf<string | undefined>();
  });

  it('createClient needs the three required options', () => {
    // @ts-expect-error authMode missing
    createClient({ baseUrl: 'https://x', clientKey: 'k' });
  });
});
