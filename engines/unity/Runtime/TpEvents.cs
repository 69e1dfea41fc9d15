// The bridge's messages as C# events (docs/bridge.md, "Listening"). They are raised from the
// listener, never inside a call; a handler that throws is logged, and the others still run.
using System;
using UnityEngine;

namespace TpWebSdk
{
    public static partial class Tp
    {
        /// <summary>Every message, by its bridge name (<c>offer:open</c>, <c>delivered</c>…) and data.</summary>
        public static event Action<string, TpJson> Message;

        /// <summary>An <c>offer:*</c> event (<c>offer:impress</c>, <c>offer:open</c>, <c>offer:close</c>…) and its data.</summary>
        public static event Action<string, TpJson> OfferEvent;

        /// <summary>A background error of the client (an upload, storage…).</summary>
        public static event Action<TpError> Error;

        /// <summary>A warning of the client.</summary>
        public static event Action<TpError> Warning;

        /// <summary>A record was refused (<c>invalidRecords: "drop"</c>, the default): <see cref="TpError.Path"/> names the field.</summary>
        public static event Action<TpError> Invalid;

        /// <summary>With <c>ui: "engine"</c>: draw this offer, then answer with <see cref="ViewOpen"/> and the other View* methods.</summary>
        public static event Action<TpView> ViewPresent;

        /// <summary>With <c>ui: "engine"</c>: remove the view of this id.</summary>
        public static event Action<string> ViewRemoved;

        /// <summary>With <c>purchase: true</c>: buy the product (request id, the message's data), then <see cref="SettlePurchase"/>.</summary>
        public static event Action<string, TpJson> PurchaseRequest;

        /// <summary>The consent state changed: <c>granted</c>, <c>pending</c> or <c>denied</c>.</summary>
        public static event Action<string> ConsentChanged;

        /// <summary>Gameplay started (true) or stopped (false).</summary>
        public static event Action<bool> GameplayChanged;

        /// <summary>One message of the listener, as an event (see <see cref="TpBridge"/>).</summary>
        internal static void Dispatch(string name, TpJson data)
        {
            Raise(Message, name, data);
            if (name.StartsWith("offer:", StringComparison.Ordinal))
            {
                // A dialog on screen (one the SDK showed of its accord too), then off it: dismissed,
                // closed (also after a Buy) or expired.
                if (uiMode == "dom" && name == "offer:open") TpKeyboard.Release();
                if (uiMode == "dom" && (name == "offer:dismiss" || name == "offer:close" || name == "offer:expired")) TpKeyboard.Restore();
                Raise(OfferEvent, name, data);
                return;
            }
            switch (name)
            {
                case "error": Raise(Error, TpError.FromJson(data)); break;
                case "warning": Raise(Warning, TpError.FromJson(data)); break;
                case "invalid": Raise(Invalid, TpError.FromJson(data)); break;
                case "view:present": Raise(ViewPresent, TpViews.Parse(data)); break;
                case "view:close": Raise(ViewRemoved, data.GetString("viewId")); break;
                case "purchase:request": Raise(PurchaseRequest, data.GetString("requestId"), data); break;
                case "consent": Raise(ConsentChanged, data.GetString("state")); break;
                case "gameplay": Raise(GameplayChanged, data.GetBool("inGameplay")); break;
            }
        }

        private static void Raise<T>(Action<T> handlers, T value)
        {
            if (handlers == null) return;
            foreach (Delegate handler in handlers.GetInvocationList())
            {
                try { ((Action<T>)handler)(value); }
                catch (Exception thrown) { Debug.LogWarning("tp-web-sdk: an event handler threw: " + thrown); }
            }
        }

        private static void Raise<T1, T2>(Action<T1, T2> handlers, T1 first, T2 second)
        {
            if (handlers == null) return;
            foreach (Delegate handler in handlers.GetInvocationList())
            {
                try { ((Action<T1, T2>)handler)(first, second); }
                catch (Exception thrown) { Debug.LogWarning("tp-web-sdk: an event handler threw: " + thrown); }
            }
        }
    }

    /// <summary>Offer results from the bridge's JSON.</summary>
    internal static class TpOffers
    {
        public static OfferResult Parse(TpJson json)
        {
            var offer = new OfferResult { Json = json };
            if (json == null) return offer;
            offer.Action = json.GetString("action");
            offer.OfferId = (long)(json.GetNumber("offerId") ?? 0);
            offer.Placement = json.GetString("placement");
            offer.Reason = json.GetString("reason");
            offer.DoNotShowAgain = json.GetBool("doNotShowAgain");
            TpJson product = json.Get("product");
            if (product != null) offer.ProductId = product.GetString("id");
            return offer;
        }
    }

    /// <summary>Views from the bridge's JSON (<c>{ viewId, content }</c>).</summary>
    internal static class TpViews
    {
        public static TpView Parse(TpJson json)
        {
            var view = new TpView();
            if (json == null) return view;
            view.ViewId = json.GetString("viewId");
            TpJson content = json.Get("content") ?? TpJson.Object();
            view.Json = content;
            view.OfferId = (long)(content.GetNumber("offerId") ?? 0);
            view.Title = content.GetString("title");
            view.Text = content.GetString("text");
            view.Markup = content.GetString("markup");
            view.ImageUrl = content.GetString("imageUrl");
            view.BackgroundUrl = content.GetString("backgroundUrl");
            view.ToggleLabel = content.GetString("toggleLabel");
            TpJson lines = content.Get("lines");
            if (lines != null)
            {
                foreach (TpJson line in lines.Items)
                {
                    var spans = new System.Collections.Generic.List<TpSpan>();
                    foreach (TpJson span in line.Items)
                    {
                        double? size = span.GetNumber("size");
                        spans.Add(new TpSpan
                        {
                            Text = span.GetString("text") ?? "",
                            Color = span.GetString("color"),
                            Size = size.HasValue ? (int?)(int)size.Value : null,
                            Bold = span.GetBool("bold"),
                            Italic = span.GetBool("italic"),
                        });
                    }
                    view.Lines.Add(spans);
                }
            }
            TpJson products = content.Get("products");
            if (products != null)
            {
                foreach (TpJson product in products.Items)
                {
                    view.Products.Add(new TpProduct
                    {
                        Id = product.GetString("id"),
                        Name = product.GetString("name"),
                        Price = product.GetNumber("price"),
                        DiscountPrice = product.GetNumber("discountPrice"),
                        Json = product,
                    });
                }
            }
            return view;
        }
    }

    /// <summary>
    /// Unity's keyboard capture, off while the DOM dialog is open (it cancels every key, so Tab,
    /// Enter and Escape would not reach the dialog), then back to what it was.
    /// </summary>
    internal static class TpKeyboard
    {
        private static bool released;
#if UNITY_WEBGL && !UNITY_EDITOR
        private static bool saved;
#endif

        public static bool Released { get { return released; } }

        public static void Release()
        {
            if (released) return;
            released = true;
#if UNITY_WEBGL && !UNITY_EDITOR
            saved = WebGLInput.captureAllKeyboardInput;
            WebGLInput.captureAllKeyboardInput = false;
#endif
        }

        public static void Restore()
        {
            if (!released) return;
            released = false;
#if UNITY_WEBGL && !UNITY_EDITOR
            WebGLInput.captureAllKeyboardInput = saved;
#endif
        }
    }
}
