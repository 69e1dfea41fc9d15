## The string bridge's ops (docs/bridge.md), generated from src/bridge/ops.ts by
## `npm run docs:bridge`: do not edit.

## Creates the page’s one client from JSON options, plus `ui` (`dom`, `canvas`, `engine`), `canvasSelector`, `engineMarkup` and `purchase: true`. Function options are refused.
const INIT := "init"
## Validates and queues a record. `false` when rejected (an `invalid` message says why), after `shutdown` or with consent denied.
const TRACK := "track"
## Sets the player for the records tracked from now on and for offers.
const IDENTIFY := "identify"
## Replaces the client key and resumes paused uploads.
const SET_CLIENT_KEY := "setClientKey"
## Uploads everything queued before the call; the reply counts what the service accepted.
const FLUSH := "flush"
## Changes the consent state (a `consent` message follows when it changed).
const SET_CONSENT := "setConsent"
## Erases everything the SDK stored on this device for the game.
const FORGET := "forget"
## The session now (`{ id, index, startedAt }`), or null.
const SESSION := "session"
## Health counters: queued, delivered, dropped, storage…
const STATS := "stats"
## The player starts playing: nothing is presented of the SDK’s own accord until `gameplayStop`.
const GAMEPLAY_START := "gameplayStart"
## Play stops: a natural break, where an offer may be shown.
const GAMEPLAY_STOP := "gameplayStop"
## Fetches the player’s offers; the reply lists the usable ones.
const OFFERS_REFRESH := "offers.refresh"
## The offers of the last refresh, usable or not, with their state.
const OFFERS_LIST := "offers.list"
## Shows an offer through the `ui` of `init`; the reply comes when it left the screen.
const OFFERS_SHOW := "offers.show"
## Shows the offer that fits the placement now, or replies `skipped` with the reason.
const OFFERS_SHOW_AT := "offers.showAt"
## The decision `offers.showAt` would make now; nothing is shown or reported.
const OFFERS_EXPLAIN := "offers.explain"
## A view for the game to draw itself: a `viewId` and its content (spans, plain text, engine markup). Drive it with the `view.*` ops.
const OFFERS_VIEW := "offers.view"
## The player’s purchase attempts not settled yet, from any page (one left `pending`, or asked of the engine when its page went): settle each with `offers.settlePurchase`.
const OFFERS_PURCHASES := "offers.purchases"
## Ends a pending purchase attempt with what the store says now.
const OFFERS_SETTLE_PURCHASE := "offers.settlePurchase"
## Answers a `purchase:request` message (with `purchase: true` in `init`).
const PURCHASE_SETTLE := "purchase.settle"
## The view is drawn: reports `open`.
const VIEW_OPEN := "view.open"
## The player closed it: reports `dismiss`.
const VIEW_DISMISS := "view.dismiss"
## The player pressed Buy: reports `interact`.
const VIEW_INTERACT := "view.interact"
## The do-not-show-again toggle, applied when the offer ends.
const VIEW_SET_DO_NOT_SHOW_AGAIN := "view.setDoNotShowAgain"
## The game takes the view off screen itself: nothing is reported.
const VIEW_CLOSE := "view.close"
## Finishes the client (a last upload). The bridge answers `shut-down` afterwards.
const SHUTDOWN := "shutdown"

## The ops whose reply is `pending`: the final reply comes through the listener.
const ASYNC := ["flush", "forget", "offers.refresh", "offers.show", "offers.showAt", "offers.view", "offers.purchases", "offers.settlePurchase", "shutdown"]
