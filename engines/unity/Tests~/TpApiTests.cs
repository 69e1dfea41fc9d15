// The C# package's own behaviour, apart from the bridge's data (TpTests.cs): the Editor's layer,
// JSON, UTF-8, replies by id, failures, the keyboard capture, views for uGUI.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using System.Text;
using System.Threading;
using UnityEngine;

namespace TpWebSdk.Tests
{
    public static partial class TpTests
    {
        // Every call with the build's own layer (no UNITY_WEBGL, or not a player): nothing happens, one log line.
        private static void NoopLayer()
        {
#if !UNITY_WEBGL
            Debug.Lines.Clear();
            Same(false, Tp.Init(new TpOptions { ClientKey = "k" }), "Init without a bridge");
            Same(false, Tp.Track(Tp.Records.PlayersStages("level-1")), "Track without a bridge");
            Tp.Identify("p1");
            Tp.GameplayStart();
            FlushResult flushed = null;
            Tp.Flush(result => flushed = result);
            OfferResult shown = null;
            Tp.ShowAt("level-end", result => shown = result);
            Same("unavailable", flushed == null ? null : flushed.Error.Code, "Flush's error without a bridge");
            Same("unavailable", shown == null ? null : shown.Error.Code, "ShowAt's error without a bridge");
            // The sample scene script, as Unity would run it in the Editor.
            var sample = new TpMinimal();
            const BindingFlags any = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
            typeof(TpMinimal).GetMethod("Awake", any).Invoke(sample, null);
            sample.LevelStarted("level-1");
            sample.LevelEnded("level-1", 1200, 95.5);
            typeof(TpMinimal).GetMethod("OnApplicationPause", any).Invoke(sample, new object[] { true });
            Same(3, Debug.Lines.Count, "log lines without a bridge: one, then the sample's own two");
            Same("log: tp-web-sdk: calls do nothing outside a WebGL player (Editor or another platform)", Debug.Lines[0], "the one line");
#endif
        }

        private static void JsonValues()
        {
            CultureInfo culture = Thread.CurrentThread.CurrentCulture;
            Thread.CurrentThread.CurrentCulture = new CultureInfo("de-DE");
            try
            {
                var json = TpJson.Object().Set("a", 1.5).Set("b", 1700000000L).Set("c", -0.25e-10).Set("d", double.NaN)
                    .Set("e", "quote \" backslash \\ tab \t nl \n nul \u0000 lone \ud800 ok").Set("f", "한국어 😀").Set("g", TpJson.Null)
                    .Set("h", TpJson.Array().Add(true).Add(false)).Set("i", TpJson.Object());
                string text = json.ToString();
                Same("{\"a\":1.5,\"b\":1700000000,\"c\":-2.5E-11,\"d\":null,\"e\":\"quote \\\" backslash \\\\ tab \\t nl \\n nul \\u0000 lone \\ud800 ok\",\"f\":\"한국어 😀\",\"g\":null,\"h\":[true,false],\"i\":{}}", text, "written JSON");
                TpJson back = TpJson.Parse(text);
                Same(1.5, back.GetNumber("a"), "a number read back");
                Same("한국어 😀", back.GetString("f"), "non-BMP text read back");
                Same("😀", TpJson.Parse("\"\\ud83d\\ude00\"").AsString, "an escaped surrogate pair");
                Same("a/b", TpJson.Parse(" { \"x\" : [ 1 , \"a\\/b\" ] } ").Get("x").Items[1].AsString, "spaces and \\/");
                Same(-1e300, TpJson.Parse("-1e300").AsNumber, "an exponent");
                foreach (string bad in new[] { "", "{", "[1,]", "{\"a\"}", "tru", "01", "1.", "\"\\x\"", "\"a", "1 2", "\"\u0001\"" })
                {
                    Check(TpJson.TryParse(bad) == null, "not JSON: " + bad);
                }
            }
            finally { Thread.CurrentThread.CurrentCulture = culture; }
        }

        // What TpWebGlNative does with the jslib's strings, on memory of the process's heap.
        private static void Utf8OnTheHeap()
        {
            foreach (string text in new[] { "", "ascii", "한국어", "emoji 😀 and 🎁", "{\"v\":1,\"data\":\"é\"}" })
            {
                byte[] bytes = TpUtf8.ToNative(text);
                Same(0, (int)bytes[bytes.Length - 1], "a terminating zero");
                Same(Encoding.UTF8.GetByteCount(text) + 1, bytes.Length, "UTF-8 length of " + text);
                IntPtr pointer = System.Runtime.InteropServices.Marshal.AllocHGlobal(bytes.Length);
                try
                {
                    System.Runtime.InteropServices.Marshal.Copy(bytes, 0, pointer, bytes.Length);
                    Same(text, TpUtf8.FromNative(pointer), "read back from the heap");
                }
                finally { System.Runtime.InteropServices.Marshal.FreeHGlobal(pointer); }
            }
            Same(null, TpUtf8.FromNative(IntPtr.Zero), "a null pointer");
        }

        private static void AsyncReplies()
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            native.Reply = request => request.GetString("op") == "flush" ? FakeNative.Pending(request) : FakeNative.Ok(request, TpJson.Null);
            var results = new List<FlushResult>();
            Tp.Flush(result => results.Add(result));
            string first = native.Last.GetString("id");
            Tp.Flush(result => { throw new InvalidOperationException("a game callback that throws"); });
            string second = native.Last.GetString("id");
            Same(0, results.Count, "no reply before its message");
            Debug.Lines.Clear();
            native.Deliver("{\"v\":1,\"id\":\"" + second + "\",\"ok\":true,\"result\":{\"records\":1,\"batches\":1,\"deadLettered\":0}}");
            Same(1, Debug.Lines.Count, "a throwing callback logs one warning");
            native.Deliver("{\"v\":1,\"id\":\"unknown\",\"ok\":true,\"result\":null}");
            native.Deliver("{\"v\":1,\"id\":\"" + first + "\",\"ok\":true,\"result\":{\"records\":43,\"batches\":2,\"deadLettered\":1}}");
            native.Deliver("{\"v\":1,\"id\":\"" + first + "\",\"ok\":true,\"result\":{\"records\":99,\"batches\":2,\"deadLettered\":1}}");
            Same(1, results.Count, "one callback per request");
            Same(43, results[0].Records, "Records");
            Same(2, results[0].Batches, "Batches");
            Same(1, results[0].DeadLettered, "DeadLettered");
            native.Deliver("{\"v\":1,\"id\":\"x\",\"pending\":true");
            native.Deliver("[]");
            var consents = new List<string>();
            Tp.ConsentChanged += consents.Add;
            Action<string> throwing = state => { throw new InvalidOperationException("a handler that throws"); };
            Tp.ConsentChanged += throwing;
            native.Deliver("{\"v\":1,\"event\":\"consent\",\"data\":{\"state\":\"denied\",\"source\":\"setConsent\"}}");
            Tp.ConsentChanged -= consents.Add;
            Tp.ConsentChanged -= throwing;
            Same("denied", consents.Count == 1 ? consents[0] : null, "ConsentChanged, despite a handler that throws");
        }

        // Purchases left pending by an earlier page: listed, then settled, each through its callback.
        private static void PendingPurchaseReplies()
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            native.Reply = FakeNative.Pending;
            PurchaseAttempts listed = null;
            Tp.PendingPurchases(result => listed = result);
            TpJson list = native.Last;
            Same("offers.purchases", list.GetString("op"), "the op");
            native.Deliver("{\"v\":1,\"id\":\"" + list.GetString("id") + "\",\"ok\":true,\"result\":[{\"attemptId\":\"a1\",\"offerId\":7,\"productId\":\"gem_pack_100\",\"startedAt\":1767268800000},{\"attemptId\":\"a2\",\"offerId\":8,\"startedAt\":1767268801000}]}");
            Same(2, listed.Attempts.Count, "two attempts");
            Same("a1", listed.Attempts[0].AttemptId, "AttemptId");
            Same(7L, listed.Attempts[0].OfferId, "OfferId");
            Same("gem_pack_100", listed.Attempts[0].ProductId, "ProductId");
            Same(1767268800000.0, listed.Attempts[0].StartedAt, "StartedAt");
            Same(null, listed.Attempts[1].ProductId, "no product");
            TpError settled = new TpError("none", "none", "not called");
            Tp.SettlePendingPurchase("a1", "purchased", error => settled = error);
            TpJson settle = native.Last;
            Same("a1", settle.Get("args").GetString("attemptId"), "attemptId");
            Same("purchased", settle.Get("args").Get("result").GetString("status"), "status");
            native.Deliver("{\"v\":1,\"id\":\"" + settle.GetString("id") + "\",\"ok\":true,\"result\":{\"result\":{\"status\":\"purchased\"},\"tracked\":true}}");
            Same(null, settled, "settled: no error");
            Tp.SettlePendingPurchase("a1", "purchased", error => settled = error);
            native.Deliver("{\"v\":1,\"id\":\"" + native.Last.GetString("id") + "\",\"ok\":false,\"error\":{\"name\":\"OfferError\",\"code\":\"offer\",\"message\":\"no unsettled purchase attempt\",\"reason\":\"unknown-purchase\"}}");
            Same("unknown-purchase", settled == null ? null : settled.Reason, "a second settle: its error");
        }

        private static void Failures()
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            native.Reply = request => "not json";
            Tp.Identify("p1");
            Same("bad-json", Tp.LastError == null ? null : Tp.LastError.Code, "a reply that is not JSON");
            native.Reply = request => { throw new InvalidOperationException("the native layer threw"); };
            Tp.GameplayStart();
            Same("internal", Tp.LastError == null ? null : Tp.LastError.Code, "a native layer that throws");
            native.Reply = request => "{\"v\":1,\"id\":\"" + request.GetString("id") + "\",\"ok\":false,\"error\":{\"name\":\"BridgeError\",\"code\":\"not-initialized\",\"message\":\"init first\"}}";
            OfferResult offer = null;
            Tp.Show(3, result => offer = result);
            Same("not-initialized", offer == null || offer.Error == null ? null : offer.Error.Code, "an async op refused at once");
            native.Reply = null;
            Tp.SetConsent("granted");
            Same(null, Tp.LastError, "LastError after a call that succeeded");
            Same("{\"state\":\"granted\"}", native.Last.Get("args").ToString(), "setConsent's args");
        }

        private static void KeyboardAndViews()
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            native.Reply = request => request.GetString("op").StartsWith("offers.", StringComparison.Ordinal) ? FakeNative.Pending(request) : FakeNative.Ok(request, TpJson.Null);
            Tp.Init(new TpOptions { ClientKey = "k" });
            OfferResult offer = null;
            Tp.ShowAt("level-end", result => offer = result);
            string id = native.Last.GetString("id");
#if UNITY_WEBGL
            Same(false, WebGLInput.captureAllKeyboardInput, "keyboard capture while the DOM dialog is open");
#endif
            native.Deliver("{\"v\":1,\"id\":\"" + id + "\",\"ok\":true,\"result\":{\"action\":\"interact\",\"offerId\":7,\"product\":{\"id\":\"gem-pack\"},\"doNotShowAgain\":false}}");
            Same(true, WebGLInput.captureAllKeyboardInput, "keyboard capture after the dialog");
            Same("interact", offer == null ? null : offer.Action, "ShowAt's action");
            Same(7L, offer == null ? 0 : offer.OfferId, "ShowAt's offer");
            Same("gem-pack", offer == null ? null : offer.ProductId, "ShowAt's product");
            native.Deliver("{\"v\":1,\"event\":\"offer:impress\",\"data\":{\"offerId\":8}}");
            Same(true, WebGLInput.captureAllKeyboardInput, "keyboard capture kept at a refresh (impress)");
            native.Deliver("{\"v\":1,\"event\":\"offer:open\",\"data\":{\"offerId\":8}}");
#if UNITY_WEBGL
            Same(false, WebGLInput.captureAllKeyboardInput, "keyboard capture while a triggered dialog is open");
#endif
            native.Deliver("{\"v\":1,\"event\":\"offer:dismiss\",\"data\":{\"offerId\":8}}");
            Same(true, WebGLInput.captureAllKeyboardInput, "keyboard capture after a dismissed dialog");
            native.Deliver("{\"v\":1,\"event\":\"offer:open\",\"data\":{\"offerId\":8}}");
            native.Deliver("{\"v\":1,\"event\":\"offer:close\",\"data\":{\"offerId\":8}}");
            Same(true, WebGLInput.captureAllKeyboardInput, "keyboard capture after a closed dialog");

            Tp.UseNative(native = new FakeNative());
            Tp.Init(new TpOptions { ClientKey = "k", Ui = "engine", EngineMarkup = "tmp" });
            TpView presented = null;
            Action<TpView> onPresent = view => presented = view;
            Tp.ViewPresent += onPresent;
            native.Deliver("{\"v\":1,\"event\":\"offer:impress\",\"data\":{\"offerId\":9}}");
            Same(true, WebGLInput.captureAllKeyboardInput, "keyboard capture kept with ui engine");
            native.Deliver("{\"v\":1,\"event\":\"view:present\",\"data\":{\"viewId\":\"v1\",\"content\":{\"offerId\":9,\"title\":\"특가 🎁\",\"text\":\"Hi\\nthere\","
                + "\"markup\":\"<b>Hi</b>\\nthere\",\"lines\":[[{\"text\":\"Hi\",\"bold\":true,\"italic\":false,\"color\":\"#ff0000ff\",\"size\":20}],[{\"text\":\"there\",\"bold\":false,\"italic\":false}]],"
                + "\"products\":[{\"id\":\"gem-pack\",\"name\":\"Gems\",\"price\":4.99}]}}}");
            Tp.ViewPresent -= onPresent;
            Check(presented != null, "ViewPresent");
            if (presented == null) return;
            Same("v1", presented.ViewId, "viewId");
            Same("특가 🎁", presented.Title, "title");
            Same("<b>Hi</b>\nthere", presented.Markup, "TextMeshPro markup");
            Same(2, presented.Lines.Count, "lines");
            Same(20, presented.Lines[0][0].Size, "a span's size");
            Same(true, presented.Lines[0][0].Bold, "a span's bold");
            Same(4.99, presented.Products[0].Price, "a product's price");
            Tp.ViewOpen(presented.ViewId);
            Tp.ViewInteract(presented.ViewId, "gem-pack");
            Same("{\"viewId\":\"v1\",\"productId\":\"gem-pack\"}", native.Last.Get("args").ToString(), "view.interact's args");
            Same("view.interact", native.Last.GetString("op"), "view.interact's op");
        }
    }
}
