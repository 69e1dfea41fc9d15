/**
 * What each op does with a running client: one function per op of the table (ops.ts), given its
 * checked arguments. A synchronous op returns its result; an asynchronous one returns the promise
 * whose value or error is the final reply. `init` and `shutdown` are the bridge's own (bridge.ts).
 *
 * @module
 */
import type { TpClient } from '../client/index.js';
import type { ConsentState } from '../errors/index.js';
import type { ObjectName, RecordInput } from '../records/index.js';
import type { EngineMarkupTarget } from '../richtext/index.js';
import type { OfferView } from '../ui/index.js';
import { readPurchaseResult } from '../offers/index.js';
import type { PurchaseResult } from '../ui/index.js';
import { FaultError } from './args.js';
import type { PurchaseAsks } from './init.js';
import type { BridgeOp } from './protocol.js';
import type { ViewRegistry } from './views.js';

/** What the ops act on. */
export interface OpContext {
  readonly client: TpClient;
  readonly views: ViewRegistry;
  readonly purchases: PurchaseAsks;
}

type Args = Record<string, unknown>;
/** An op's work: its result (a promise for an asynchronous op); throws a `FaultError` for a fault in its arguments. */
type Handler = (ctx: OpContext, args: Args) => unknown;

const str = (args: Args, name: string): string => args[name] as string;

const refuse = (path: string, message: string): never => {
  throw new FaultError({ code: 'bad-args', message, path: `args.${path}` });
};

/** Acts on the view `viewId` names. */
function withView(ctx: OpContext, args: Args, act: (view: OfferView) => void): null {
  act(ctx.views.get(str(args, 'viewId')) ?? refuse('viewId', 'no open view of that id (closed, or never made)'));
  return null;
}

/** A `PurchaseResult` from the engine. */
function settleResult(args: Args): PurchaseResult {
  return readPurchaseResult(args.result) ?? refuse('result', 'not a PurchaseResult: { status: "purchased" | "cancelled" | "failed" | "pending", … }');
}

/** Every op but `init` and `shutdown`. */
export const HANDLERS: { readonly [K in Exclude<BridgeOp, 'init' | 'shutdown'>]: Handler } = {
  track: ({ client }, args) => client.track(str(args, 'objectName') as ObjectName, args.record as RecordInput<ObjectName>),
  identify: ({ client }, args) => (client.identify(str(args, 'playerSlug')), null),
  setClientKey: ({ client }, args) => (client.setClientKey(str(args, 'clientKey')), null),
  flush: ({ client }) => client.flush(),
  setConsent: ({ client }, args) => (client.setConsent(str(args, 'state') as ConsentState), null),
  forget: ({ client }) => client.forget().then(() => null),
  session: ({ client }) => client.session ?? null,
  stats: ({ client }) => client.stats(),
  gameplayStart: ({ client }) => (client.gameplayStart(), null),
  gameplayStop: ({ client }) => (client.gameplayStop(), null),
  'offers.refresh': ({ client }) => client.offers.refresh(),
  'offers.list': ({ client }) => client.offers.list(),
  'offers.show': ({ client }, args) => client.offers.show(args.offerId as number),
  'offers.showAt': ({ client }, args) => client.offers.showAt(str(args, 'placement')),
  'offers.explain': ({ client }, args) => client.offers.explain(str(args, 'placement')),
  'offers.view': ({ client, views }, args) => client.offers.view(args.offerId as number).then((view) => views.add(view, args.markup as EngineMarkupTarget | undefined)),
  'offers.purchases': ({ client }) => client.offers.purchases(),
  'offers.settlePurchase': ({ client }, args) => client.offers.settlePurchase(str(args, 'attemptId'), settleResult(args)),
  'purchase.settle': ({ purchases }, args) => (purchases.settle(str(args, 'requestId'), settleResult(args)) ? null : refuse('requestId', 'no purchase request of that id waits (answered, or the page moved on)')),
  'view.open': (ctx, args) => withView(ctx, args, (view) => view.open()),
  'view.dismiss': (ctx, args) => withView(ctx, args, (view) => view.dismiss()),
  'view.interact': (ctx, args) => withView(ctx, args, (view) => view.interact(args.productId as string | undefined)),
  'view.setDoNotShowAgain': (ctx, args) => withView(ctx, args, (view) => view.setDoNotShowAgain(args.value as boolean)),
  'view.close': (ctx, args) => withView(ctx, args, (view) => view.close()),
};
