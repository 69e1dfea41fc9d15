/**
 * Compile-time checks of the Phaser plugin: it takes Phaser's own namespace (its published types),
 * the client of either entry, and the plugin config Phaser's types describe.
 */
import type * as PhaserTypes from 'phaser';
import { describe, expectTypeOf, it } from 'vitest';
import type { HeadlessAdapter, LoggingClient, OfferOutcome, TpClient } from '../../src/index.js';
import { createPhaserPlugin, type PhaserPluginClient, type PhaserPluginData, type TpPhaserPlugin } from '../../src/phaser.js';

declare const Phaser: typeof PhaserTypes;
declare const tp: TpClient<'level-end'>;
declare const logging: LoggingClient;
declare const ui: HeadlessAdapter;

describe('createPhaserPlugin', () => {
  it('takes the phaser package namespace and gives a class Phaser takes as a global plugin', () => {
    const plugin = createPhaserPlugin(Phaser);
    const entry: PhaserTypes.Types.Core.PluginObjectItem = { key: 'tp', plugin, start: true, mapping: 'tp', data: { client: tp, ui, gameplayScenes: ['Play'] } };
    void entry;
    expectTypeOf<InstanceType<typeof plugin>>().toExtend<TpPhaserPlugin>();
    expectTypeOf<TpPhaserPlugin['show']>().returns.toEqualTypeOf<Promise<OfferOutcome>>();
  });

  it('takes the client of tp-web-sdk and of tp-web-sdk/logging', () => {
    expectTypeOf(tp).toExtend<PhaserPluginClient>();
    expectTypeOf(logging).toExtend<PhaserPluginClient>();
    const data: PhaserPluginData = { client: tp, ui };
    expectTypeOf(data.gameplayScenes).toEqualTypeOf<readonly string[] | undefined>();
  });

  it('refuses data without a client', () => {
    // @ts-expect-error client is required
    const data: PhaserPluginData = { ui };
    void data;
  });
});
