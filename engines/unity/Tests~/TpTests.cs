// The C# package's tests, run by test/node/unity-csharp.test.ts with mono over a fake native
// layer. Arguments: the output folder, the samples of every kind (JSON, from the catalog), replies
// of the real bridge (JSON), and which ops are asynchronous (JSON, from the bridge's ops table).
// Writes one record per kind (<kind>.json), the requests of the records (records-requests.json)
// and of every method (requests.json), and the paths the refused record's errors hold
// (paths.json), for Node to check with the SDK; prints a line per failed check; exits 1 on any.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;
using System.Threading;
using UnityEngine;

namespace TpWebSdk.Tests
{
    public static partial class TpTests
    {
        private static int failures;
        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);

        public static int Main(string[] args)
        {
            string outDir = args[0];
            TpJson samples = TpJson.Parse(File.ReadAllText(args[1], Utf8));
            TpJson bridge = TpJson.Parse(File.ReadAllText(args[2], Utf8));
            TpJson asyncOps = TpJson.Parse(File.ReadAllText(args[3], Utf8));
            Run("no-op layer", NoopLayer);
            Run("JSON", JsonValues);
            Run("UTF-8 on the native heap", Utf8OnTheHeap);
            Run("records", () => Records(samples, outDir));
            Run("refused record", () => RefusedRecord(bridge, outDir));
            Run("every method", () => EveryMethod(asyncOps, outDir));
            Run("a view of the real bridge", () => EngineView(bridge, outDir));
            Run("async replies", AsyncReplies);
            Run("pending purchases", PendingPurchaseReplies);
            Run("failures", Failures);
            Run("keyboard and engine views", KeyboardAndViews);
            Console.WriteLine(failures == 0 ? "all passed" : failures + " failed");
            return failures == 0 ? 0 : 1;
        }

        private static void Run(string name, Action test)
        {
            try { test(); }
            catch (Exception thrown) { Check(false, name + " threw " + thrown); }
        }

        private static void Check(bool ok, string what)
        {
            if (ok) return;
            failures++;
            Console.WriteLine("FAIL " + what);
        }

        private static void Same(object expected, object actual, string what)
        {
            Check(Equals(expected, actual), what + ": expected " + expected + ", got " + actual);
        }

        /// <summary><c>PlayersStages</c> → <c>players_stages</c>; <c>stageSlug</c> → <c>stage_slug</c>.</summary>
        private static string Snake(string name)
        {
            var builder = new StringBuilder();
            for (int i = 0; i < name.Length; i++)
            {
                if (char.IsUpper(name[i]) && i > 0) builder.Append('_');
                builder.Append(char.ToLowerInvariant(name[i]));
            }
            return builder.ToString();
        }

        private static object Argument(ParameterInfo parameter, TpJson value)
        {
            if (value == null) return parameter.IsOptional ? null : (object)"(missing sample)";
            Type type = Nullable.GetUnderlyingType(parameter.ParameterType) ?? parameter.ParameterType;
            if (type == typeof(string)) return value.AsString;
            if (type == typeof(long)) return (long)value.AsNumber;
            if (type == typeof(double)) return value.AsNumber;
            if (type == typeof(bool)) return value.AsBool;
            throw new InvalidOperationException("parameter type " + type);
        }

        // Each typed method, with the catalog's sample of every field, tracked; the record sent is written for Node to validate.
        private static void Records(TpJson samples, string outDir)
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            Check(Tp.Init(Options()), "Init");
            MethodInfo[] methods = typeof(Tp.Records).GetMethods(BindingFlags.Public | BindingFlags.Static);
            Same(43, methods.Length, "typed methods");
            foreach (MethodInfo method in methods)
            {
                string kind = Snake(method.Name);
                TpJson sample = samples.Get(kind);
                if (sample == null) { Check(false, "no sample of " + kind); continue; }
                var arguments = new List<object>();
                foreach (ParameterInfo parameter in method.GetParameters()) arguments.Add(Argument(parameter, sample.Get(Snake(parameter.Name))));
                var record = (TpRecord)method.Invoke(null, arguments.ToArray());
                Same(kind, record.ObjectName, method.Name + "'s object name");
                Check(Tp.Track(record), "Track " + kind);
                TpJson args = native.Last.Get("args");
                Same("track", native.Last.GetString("op"), kind + "'s op");
                Same(kind, args.GetString("objectName"), kind + "'s objectName");
                File.WriteAllText(Path.Combine(outDir, kind + ".json"), args.Get("record").ToString(), Utf8);
            }
            WriteRequests(native, Path.Combine(outDir, "records-requests.json"));
        }

        /// <summary>Options the real bridge accepts in Node: no storage of the page, no timers, no automatic records.</summary>
        private static TpOptions Options()
        {
            return new TpOptions { BaseUrl = "https://api.example.com/v2021.4/web", ClientKey = "k", AuthMode = "client", Ui = "engine" }
                .Set("storage", "memory").Set("flushIntervalMs", 0).Set("autoLogin", false).Set("autoJoin", false);
        }

        private static void WriteRequests(FakeNative native, string path)
        {
            var all = TpJson.Array();
            foreach (TpJson request in native.Requests) all.Add(request);
            File.WriteAllText(path, all.ToString(), Utf8);
        }

        // The real bridge's reply to offers.view, parsed as a TpView, written back as JSON for Node to compare.
        private static void EngineView(TpJson bridge, string outDir)
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            native.Reply = request => request.GetString("op") == "offers.view" ? FakeNative.Pending(request) : FakeNative.Ok(request, TpJson.Null);
            TpView view = null;
            Tp.View(1, "tmp", result => view = result);
            Same("{\"offerId\":1,\"markup\":\"tmp\"}", native.Last.Get("args").ToString(), "offers.view's args");
            native.Deliver(FakeNative.WithId(bridge.Get("viewReply"), native.Last));
            Check(view != null && view.Ok, "View's callback, without an error");
            if (view == null) return;
            var lines = TpJson.Array();
            foreach (List<TpSpan> line in view.Lines)
            {
                var spans = TpJson.Array();
                foreach (TpSpan span in line)
                {
                    spans.Add(TpJson.Object().Set("text", span.Text).Set("color", span.Color)
                        .Set("size", span.Size.HasValue ? TpJson.From(span.Size.Value) : TpJson.Null).Set("bold", span.Bold).Set("italic", span.Italic));
                }
                lines.Add(spans);
            }
            var products = TpJson.Array();
            foreach (TpProduct product in view.Products)
            {
                products.Add(TpJson.Object().Set("id", product.Id).Set("name", product.Name)
                    .Set("price", product.Price.HasValue ? TpJson.From(product.Price.Value) : TpJson.Null)
                    .Set("discountPrice", product.DiscountPrice.HasValue ? TpJson.From(product.DiscountPrice.Value) : TpJson.Null));
            }
            var json = TpJson.Object().Set("viewId", view.ViewId).Set("offerId", view.OfferId).Set("title", view.Title).Set("text", view.Text)
                .Set("markup", view.Markup).Set("imageUrl", view.ImageUrl).Set("backgroundUrl", view.BackgroundUrl).Set("toggleLabel", view.ToggleLabel).Set("lines", lines).Set("products", products);
            File.WriteAllText(Path.Combine(outDir, "view.json"), json.ToString(), Utf8);
        }

        // Each method once, answered as the bridge answers (pending for its asynchronous ops): the
        // requests are written for Node to check against the bridge's ops table.
        private static void EveryMethod(TpJson asyncOps, string outDir)
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            native.Reply = request => asyncOps.GetBool(request.GetString("op")) ? FakeNative.Pending(request) : FakeNative.Ok(request, TpJson.Null);
            var sync = new List<Action>
            {
                () => Tp.Init(new TpOptions { BaseUrl = "https://api.example.com/v2021.4/web", ClientKey = "k", AuthMode = "client", PlayerSlug = "p1", Debug = false, Ui = "engine", EngineMarkup = "tmp", Consent = "granted", Purchase = true }
                    .Set("storage", "memory").Set("autoLogin", false).Set("autoJoin", false)),
                () => Tp.Track("players_stages", "{\"stage_slug\":\"s-1\"}"),
                () => Tp.Track("players_stages", TpJson.Object().Set("stage_slug", "s-2")),
                () => Tp.Identify("p2"),
                () => Tp.SetClientKey("k2"),
                () => Tp.SetConsent("granted"),
                () => Tp.GameplayStart(),
                () => Tp.GameplayStop(),
                () => Tp.Flush(),
                () => Tp.Show(3),
                () => Tp.ShowAt("level-end"),
                () => Tp.View(3, "tmp", view => { }),
                () => Tp.View(3, null, view => { }),
                () => Tp.ViewOpen("v1"),
                () => Tp.ViewDismiss("v1"),
                () => Tp.ViewInteract("v1"),
                () => Tp.ViewInteract("v1", "gem-pack"),
                () => Tp.ViewSetDoNotShowAgain("v1", true),
                () => Tp.ViewClose("v1"),
                () => Tp.SettlePurchase("p1", "purchased"),
                () => Tp.PendingPurchases(result => { }),
                () => Tp.SettlePendingPurchase("a1", "purchased"),
                () => Tp.Call("stats", null),
                () => Tp.Shutdown(),
            };
            foreach (Action call in sync)
            {
                call();
                Same(null, Tp.LastError, "LastError after " + native.Last.GetString("op"));
            }
            WriteRequests(native, Path.Combine(outDir, "requests.json"));
        }

        // A record with an empty slug, answered by the real bridge's reply and `invalid` message.
        private static void RefusedRecord(TpJson bridge, string outDir)
        {
            var native = new FakeNative();
            Tp.UseNative(native);
            Tp.Init(new TpOptions { ClientKey = "k", Ui = "engine" });
            TpError invalid = null;
            Action<TpError> onInvalid = error => invalid = error;
            Tp.Invalid += onInvalid;
            native.Reply = request => FakeNative.WithId(bridge.Get("dropReply"), request);
            Same(false, Tp.Track(Tp.Records.PlayersStages("", playerSlug: "p1")), "Track of an empty slug (drop)");
            foreach (TpJson message in bridge.Get("dropMessages").Items) native.Deliver(message.ToString());
            Tp.Invalid -= onInvalid;
            native.Reply = request => FakeNative.WithId(bridge.Get("throwReply"), request);
            Same(false, Tp.Track(Tp.Records.PlayersStages("", playerSlug: "p1")), "Track of an empty slug (throw)");
            TpError thrown = Tp.LastError;
            Check(invalid != null, "an Invalid event");
            Check(thrown != null, "LastError after a refused record");
            var paths = TpJson.Object()
                .Set("drop", invalid == null ? TpJson.Null : TpJson.From(invalid.Path))
                .Set("throw", thrown == null ? TpJson.Null : TpJson.From(thrown.Path))
                .Set("record", native.Last.Get("args").Get("record"));
            File.WriteAllText(Path.Combine(outDir, "paths.json"), paths.ToString(), Utf8);
        }

    }
}
