/**
 * `init`: the `createClient` options from JSON. Options that are functions cannot cross the
 * bridge and are refused by name; `ui` names an adapter (`dom`, `canvas`, `engine`), and
 * `purchase: true` asks the engine through `purchase:request` messages.
 *
 * @module
 */
import type { ClientOptions } from '../client/index.js';
import type { PurchaseHandler } from '../offers/index.js';
import { ENGINE_MARKUP_TARGETS, type EngineMarkupTarget } from '../richtext/index.js';
import type { PurchaseResult, UiAdapter } from '../ui/index.js';
import type { BridgeFault } from './args.js';
import type { BridgeUi } from './types.js';

/** Options of `createClient` whose value is a function (or holds one): not bridged. */
const FUNCTION_OPTIONS = ['fetch', 'beforeSend', 'now', 'logger', 'canPurchase', 'productInfo', 'offerImages.resolve', 'offerRules.priority'];

const UIS: readonly BridgeUi[] = ['dom', 'canvas', 'engine'];

/** What `init` needs of the page to build its `ui`. */
export interface UiMakers {
  /** The DOM dialog; undefined without a DOM. */
  readonly dom: (() => UiAdapter) | undefined;
  /** The canvas adapter on the 2D canvas `selector` finds; a fault when there is none. */
  readonly canvas: (selector: string) => UiAdapter | BridgeFault;
  /** The adapter that hands views to the engine (`view:present`). */
  readonly engine: (markup: EngineMarkupTarget | undefined) => UiAdapter;
}

const badArgs = (path: string, message: string): BridgeFault => ({ code: 'bad-args', message, path: `args.${path}` });

/** The first option of `args` that is a function in the API, as a fault. */
function functionOption(args: Record<string, unknown>): BridgeFault | undefined {
  for (const name of FUNCTION_OPTIONS) {
    const [head, member] = name.split('.') as [string, string | undefined];
    const value = args[head];
    const present = member === undefined ? value !== undefined : typeof value === 'object' && value !== null && (value as Record<string, unknown>)[member] !== undefined;
    if (present) return badArgs(name, 'a function option: not available through the bridge (docs/bridge.md)');
  }
  const rules = args.offerRules as { triggers?: unknown; placements?: unknown } | undefined;
  if (Array.isArray(rules?.triggers)) {
    const index = rules.triggers.findIndex((t) => typeof t === 'object' && t !== null && 'when' in t);
    if (index >= 0) return badArgs(`offerRules.triggers[${index}].when`, 'a function option: not available through the bridge');
  }
  if (typeof rules?.placements === 'object' && rules.placements !== null) {
    const name = Object.keys(rules.placements).find((key) => 'accept' in Object((rules.placements as Record<string, unknown>)[key]));
    if (name !== undefined) return badArgs(`offerRules.placements.${name}.accept`, 'a function option: not available through the bridge');
  }
  return undefined;
}

/** Asks the engine for each purchase and waits for its `purchase.settle`. */
export interface PurchaseAsks {
  readonly handler: PurchaseHandler;
  /** Answers a request; false when no request of that id waits (settled, aborted, unknown). */
  settle(requestId: string, result: PurchaseResult): boolean;
}

export function createPurchaseAsks(post: (event: string, data: unknown) => void): PurchaseAsks {
  const waiting = new Map<string, (result: PurchaseResult) => void>();
  let next = 0;
  return {
    handler: ({ offer, product, signal }) =>
      new Promise<PurchaseResult>((resolve) => {
        // The page went (or the client shut down) before the store was asked: nobody is charged,
        // and the attempt stays pending, as after an abort.
        if (signal.aborted) return resolve({ status: 'pending' });
        const requestId = `p${++next}`;
        waiting.set(requestId, resolve);
        // Aborted (pagehide, shutdown): the SDK keeps the attempt pending; a late answer is refused.
        signal.addEventListener('abort', () => waiting.delete(requestId), { once: true });
        post('purchase:request', { requestId, offerId: offer.offer_id, product });
      }),
    settle(requestId, result) {
      const resolve = waiting.get(requestId);
      waiting.delete(requestId);
      resolve?.(result);
      return resolve !== undefined;
    },
  };
}

/** `init`'s arguments as `createClient` options, or the fault in them. */
export function readInit(args: Record<string, unknown>, makers: UiMakers, purchase: () => PurchaseHandler): ClientOptions | BridgeFault {
  const refused = functionOption(args);
  if (refused) return refused;
  const { ui = makers.dom ? 'dom' : 'engine', canvasSelector = 'canvas', engineMarkup, purchase: asks, ...options } = args;
  if (!UIS.includes(ui as BridgeUi)) return badArgs('ui', `expected one of ${UIS.map((u) => `"${u}"`).join(', ')}`);
  if (typeof canvasSelector !== 'string') return badArgs('canvasSelector', 'expected a CSS selector');
  if (engineMarkup !== undefined && !ENGINE_MARKUP_TARGETS.includes(engineMarkup as EngineMarkupTarget)) return badArgs('engineMarkup', `expected one of ${ENGINE_MARKUP_TARGETS.join(', ')}`);
  if (asks !== undefined && typeof asks !== 'boolean') return badArgs('purchase', 'expected true (ask the engine through purchase:request) or false');
  let adapter: UiAdapter | BridgeFault;
  if (ui === 'dom') adapter = makers.dom ? makers.dom() : badArgs('ui', 'no DOM here: use "engine"');
  else if (ui === 'canvas') adapter = makers.canvas(canvasSelector);
  else adapter = makers.engine(engineMarkup as EngineMarkupTarget | undefined);
  if ('code' in adapter) return adapter;
  return { ...(options as unknown as ClientOptions), ui: adapter, ...(asks === true && { purchase: purchase() }) };
}
