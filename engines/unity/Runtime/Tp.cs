// The C# API of tp-web-sdk for Unity WebGL: each method is one op of the string bridge
// (docs/bridge.md). In the Editor and other builds every call does nothing (one log line).
using System;
using UnityEngine;

namespace TpWebSdk
{
    /// <summary>
    /// tp-web-sdk for Unity WebGL: behavior records, and offers shown by the DOM dialog or drawn by
    /// the game (<c>ui: "engine"</c>). Nothing throws into the game: a synchronous call that fails
    /// logs a warning and sets <see cref="LastError"/>; an asynchronous one hands its error to the
    /// callback's result.
    /// </summary>
    public static partial class Tp
    {
        private static string uiMode = "dom";

        /// <summary>The error of the last synchronous call, or null when it succeeded.</summary>
        public static TpError LastError { get; private set; }

        /// <summary>Replaces the native layer (tests; hosts other than Unity's WebGL player). Pending callbacks are dropped.</summary>
        public static void UseNative(ITpNative native)
        {
            TpBridge.Native = native;
            TpKeyboard.Restore();
        }

        /// <summary>Creates the page's one client. Returns true when it was created.</summary>
        public static bool Init(TpOptions options)
        {
            if (options == null) options = new TpOptions();
            uiMode = options.UiMode;
            return Sync("init", options.ToJson()) != null;
        }

        /// <summary>
        /// Validates and queues a record of kind <paramref name="objectName"/>. False when it was
        /// refused (the <see cref="Invalid"/> event says why, or <see cref="LastError"/> with
        /// <c>invalidRecords: "throw"</c>), with consent denied, or after shutdown.
        /// </summary>
        public static bool Track(string objectName, TpJson record)
        {
            TpJson result = Sync("track", TpJson.Object().Set("objectName", objectName).Set("record", record ?? TpJson.Object()));
            return result != null && result.AsBool;
        }

        /// <summary><see cref="Track(string, TpJson)"/> with the record as JSON text.</summary>
        public static bool Track(string objectName, string recordJson)
        {
            TpJson record = TpJson.TryParse(recordJson);
            if (record == null)
            {
                Fail("track", new TpError("BridgeError", "bad-json", "the record is not JSON text", "args.record"));
                return false;
            }
            return Track(objectName, record);
        }

        /// <summary>Tracks a record made by <see cref="Records"/>.</summary>
        public static bool Track(TpRecord record)
        {
            if (record == null) return Track((string)null, (TpJson)null);
            return Track(record.ObjectName, record.Fields);
        }

        /// <summary>Sets the player for the records tracked from now on and for offers.</summary>
        public static void Identify(string playerSlug) { Sync("identify", TpJson.Object().Set("playerSlug", playerSlug)); }

        /// <summary>Replaces the client key and resumes paused uploads.</summary>
        public static void SetClientKey(string clientKey) { Sync("setClientKey", TpJson.Object().Set("clientKey", clientKey)); }

        /// <summary>Changes the consent state: <c>granted</c>, <c>pending</c> or <c>denied</c>.</summary>
        public static void SetConsent(string state) { Sync("setConsent", TpJson.Object().Set("state", state)); }

        /// <summary>The player starts playing: the SDK shows nothing of its own accord until <see cref="GameplayStop"/>.</summary>
        public static void GameplayStart() { Sync("gameplayStart", null); }

        /// <summary>Play stops: a natural break, where an offer may be shown.</summary>
        public static void GameplayStop() { Sync("gameplayStop", null); }

        /// <summary>Uploads everything queued; <paramref name="done"/> gets what the service accepted.</summary>
        public static void Flush(Action<FlushResult> done = null)
        {
            TpBridge.CallAsync("flush", null, (result, error) =>
            {
                var flush = new FlushResult { Error = error };
                if (result != null)
                {
                    flush.Records = (int)(result.GetNumber("records") ?? 0);
                    flush.Batches = (int)(result.GetNumber("batches") ?? 0);
                    flush.DeadLettered = (int)(result.GetNumber("deadLettered") ?? 0);
                }
                Finish("flush", error, done, flush);
            });
        }

        /// <summary>
        /// Shows the offer that fits <paramref name="placement"/> (of <c>offerRules.placements</c>) now,
        /// or ends <c>skipped</c> with the reason. <paramref name="done"/> gets the outcome once it left the screen.
        /// </summary>
        public static void ShowAt(string placement, Action<OfferResult> done = null)
        {
            ShowOffer("offers.showAt", TpJson.Object().Set("placement", placement), done);
        }

        /// <summary>Shows one offer through the <c>ui</c> of <see cref="Init"/>; <paramref name="done"/> gets the outcome.</summary>
        public static void Show(long offerId, Action<OfferResult> done = null)
        {
            ShowOffer("offers.show", TpJson.Object().Set("offerId", offerId), done);
        }

        /// <summary>
        /// A view of one offer for the game to draw itself, its message in <paramref name="markup"/>
        /// (<c>tmp</c> for TextMeshPro, or null for spans only). Drive it with the View* methods.
        /// </summary>
        public static void View(long offerId, string markup, Action<TpView> done)
        {
            var args = TpJson.Object().Set("offerId", offerId);
            if (markup != null) args.Set("markup", markup);
            TpBridge.CallAsync("offers.view", args, (result, error) =>
            {
                TpView view = error == null ? TpViews.Parse(result) : new TpView { Error = error };
                Finish("offers.view", error, done, view);
            });
        }

        /// <summary>The view is drawn: reports <c>open</c>.</summary>
        public static void ViewOpen(string viewId) { Sync("view.open", TpJson.Object().Set("viewId", viewId)); }

        /// <summary>The player closed the view: reports <c>dismiss</c>.</summary>
        public static void ViewDismiss(string viewId) { Sync("view.dismiss", TpJson.Object().Set("viewId", viewId)); }

        /// <summary>The player pressed Buy (on <paramref name="productId"/>, or the first product): reports <c>interact</c>.</summary>
        public static void ViewInteract(string viewId, string productId = null)
        {
            var args = TpJson.Object().Set("viewId", viewId);
            if (productId != null) args.Set("productId", productId);
            Sync("view.interact", args);
        }

        /// <summary>The do-not-show-again toggle, applied when the offer ends.</summary>
        public static void ViewSetDoNotShowAgain(string viewId, bool value)
        {
            Sync("view.setDoNotShowAgain", TpJson.Object().Set("viewId", viewId).Set("value", value));
        }

        /// <summary>The game takes the view off screen itself: nothing is reported.</summary>
        public static void ViewClose(string viewId) { Sync("view.close", TpJson.Object().Set("viewId", viewId)); }

        /// <summary>Answers a <see cref="PurchaseRequest"/>: <c>purchased</c>, <c>cancelled</c>, <c>failed</c> or <c>pending</c>.</summary>
        public static void SettlePurchase(string requestId, string status)
        {
            Sync("purchase.settle", TpJson.Object().Set("requestId", requestId).Set("result", TpJson.Object().Set("status", status)));
        }

        /// <summary>
        /// The player's purchase attempts not settled yet, from any page: one answered <c>pending</c>,
        /// or a <see cref="PurchaseRequest"/> unanswered when its page went (a reload, a redirect to
        /// the store). Ask the store about each, then <see cref="SettlePendingPurchase"/>.
        /// </summary>
        public static void PendingPurchases(Action<PurchaseAttempts> done)
        {
            TpBridge.CallAsync("offers.purchases", null, (result, error) =>
            {
                var attempts = new PurchaseAttempts { Error = error };
                if (result != null)
                {
                    foreach (TpJson item in result.Items)
                    {
                        attempts.Attempts.Add(new PurchaseAttempt
                        {
                            AttemptId = item.GetString("attemptId"),
                            OfferId = (long)(item.GetNumber("offerId") ?? 0),
                            ProductId = item.GetString("productId"),
                            StartedAt = item.GetNumber("startedAt") ?? 0,
                        });
                    }
                }
                Finish("offers.purchases", error, done, attempts);
            });
        }

        /// <summary>
        /// Ends a pending attempt of <see cref="PendingPurchases"/> with what the store says now:
        /// <c>purchased</c> (tracks its one record), <c>cancelled</c>, <c>failed</c>, or still <c>pending</c>.
        /// <paramref name="done"/> gets the error (<c>unknown-purchase</c>: settled already), or null.
        /// </summary>
        public static void SettlePendingPurchase(string attemptId, string status, Action<TpError> done = null)
        {
            var args = TpJson.Object().Set("attemptId", attemptId).Set("result", TpJson.Object().Set("status", status));
            TpBridge.CallAsync("offers.settlePurchase", args, (result, error) => Finish("offers.settlePurchase", error, done, error));
        }

        /// <summary>Finishes the client (a last upload); <paramref name="done"/> gets the error, or null.</summary>
        public static void Shutdown(Action<TpError> done = null)
        {
            TpBridge.CallAsync("shutdown", null, (result, error) => Finish("shutdown", error, done, error));
        }

        /// <summary>Any op of docs/bridge.md by name, for those without a method here; its result, or null (see <see cref="LastError"/>).</summary>
        public static TpJson Call(string op, TpJson args) { return Sync(op, args); }

        private static void ShowOffer(string op, TpJson args, Action<OfferResult> done)
        {
            bool dom = uiMode == "dom";
            if (dom) TpKeyboard.Release();
            TpBridge.CallAsync(op, args, (result, error) =>
            {
                if (dom) TpKeyboard.Restore();
                Finish(op, error, done, error == null ? TpOffers.Parse(result) : new OfferResult { Error = error });
            });
        }

        private static TpJson Sync(string op, TpJson args)
        {
            TpError error;
            TpJson result = TpBridge.Call(op, args, out error);
            LastError = error;
            if (error != null) Fail(op, error);
            return result;
        }

        private static void Fail(string op, TpError error)
        {
            LastError = error;
            if (error.Code != "unavailable") Debug.LogWarning("tp-web-sdk: " + op + ": " + error);
        }

        private static void Finish<T>(string op, TpError error, Action<T> done, T value)
        {
            if (error != null && error.Code != "unavailable") Debug.LogWarning("tp-web-sdk: " + op + ": " + error);
            if (done != null) done(value);
        }
    }
}
