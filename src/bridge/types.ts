/**
 * The data types of the bridge's requests and results (the generated protocol.ts names them).
 *
 * @module
 */
import type { ClientOptions } from '../client/index.js';
import type { EngineMarkupTarget, Line } from '../richtext/index.js';
import type { ProductView } from '../ui/index.js';

/**
 * Where `init`'s client draws offers: `dom`, the DOM dialog (the default in a page); `canvas`, the
 * canvas adapter on the 2D canvas `canvasSelector` finds; `engine`, the engine draws them from
 * `view:present` messages (the default without a DOM).
 */
export type BridgeUi = 'dom' | 'canvas' | 'engine';

/** `createClient`'s options that are functions, left out of `init`. */
type FunctionOption = 'fetch' | 'beforeSend' | 'now' | 'logger' | 'canPurchase' | 'productInfo' | 'purchase' | 'ui';

/**
 * The arguments of `init`: the `createClient` options as JSON (no function: `offerRules` without
 * `priority`, `accept` or `when`; `offerImages` without `resolve`), and the bridge's own.
 */
export interface BridgeInitOptions extends Omit<ClientOptions, FunctionOption> {
  /** Where offers are drawn. @default `dom` in a page, `engine` without a DOM */
  readonly ui?: BridgeUi;
  /** With `ui: 'canvas'`, the CSS selector of the 2D canvas to draw on. @default `canvas` */
  readonly canvasSelector?: string;
  /** With `ui: 'engine'`, adds the message in this markup to `view:present` (`content.markup`). @default none */
  readonly engineMarkup?: EngineMarkupTarget;
  /**
   * True: a Buy asks the engine through a `purchase:request` message (`{ requestId, offerId,
   * product }`), answered by the `purchase.settle` op (the `purchase` option of `createClient`).
   * @default false
   */
  readonly purchase?: boolean;
}

/** An offer's content as the bridge sends it. */
export interface BridgeViewContent {
  readonly offerId: number;
  readonly kind: 'ai' | 'personalized';
  readonly language: string;
  readonly title: string;
  /** The message as lines of styled spans (`Span`: text, color, size, bold, italic). */
  readonly lines: readonly Line[];
  /** The message as plain text, lines joined with `\n`. */
  readonly text: string;
  /** The message in the engine markup asked for (`markup` of `offers.view`, `engineMarkup` of `init`). */
  readonly markup?: string;
  readonly imageUrl: string | undefined;
  readonly backgroundUrl: string | undefined;
  readonly products: readonly ProductView[];
  readonly toggleLabel: string | undefined;
  readonly layout: string | undefined;
}

/** A view and the id the engine names it by. */
export interface BridgeView {
  readonly viewId: string;
  readonly content: BridgeViewContent;
}

/** The result of `init`. */
export interface BridgeInitResult {
  /** The protocol version (1). */
  readonly protocol: number;
  /** The SDK's version. */
  readonly sdkVersion: string;
}
