// The data types of the C# API: errors, results, options, records, and the view an engine draws.
using System.Collections.Generic;

namespace TpWebSdk
{
    /// <summary>
    /// An error as the bridge reports it: the SDK error's name and code (<c>ValidationError</c>
    /// <c>validation</c>, <c>ConfigError</c> <c>config</c>…) or a bridge code (<c>bad-args</c>,
    /// <c>not-initialized</c>…); <see cref="Path"/> names the field or option at fault.
    /// </summary>
    public sealed class TpError
    {
        public string Name;
        public string Code;
        public string Message;
        /// <summary>The field at fault (a record's <c>stage_slug</c>, an option, an argument), or null.</summary>
        public string Path;
        /// <summary>An <c>OfferError</c>'s reason (<c>busy</c>, <c>not-usable</c>…), or null.</summary>
        public string Reason;

        public TpError(string name, string code, string message, string path = null, string reason = null)
        {
            Name = name;
            Code = code;
            Message = message;
            Path = path;
            Reason = reason;
        }

        /// <summary>The error of the bridge's <c>{ name, code, message, path?, reason? }</c>.</summary>
        public static TpError FromJson(TpJson json)
        {
            if (json == null || json.Kind != TpJsonKind.Object) return new TpError("BridgeError", "internal", "an error without its fields");
            return new TpError(json.GetString("name") ?? "Error", json.GetString("code") ?? "internal", json.GetString("message") ?? "",
                json.GetString("path"), json.GetString("reason"));
        }

        public override string ToString()
        {
            return Name + " (" + Code + (Path != null ? ", " + Path : "") + "): " + Message;
        }
    }

    /// <summary>What <see cref="Tp.Flush"/> came to: the counts, or the error.</summary>
    public sealed class FlushResult
    {
        /// <summary>Records the service accepted during the flush.</summary>
        public int Records;
        /// <summary>Accepted requests.</summary>
        public int Batches;
        /// <summary>Records put aside in the dead-letter store.</summary>
        public int DeadLettered;
        /// <summary>Why the flush failed (or did not run: the Editor, another platform), else null.</summary>
        public TpError Error;
        public bool Ok { get { return Error == null; } }
    }

    /// <summary>
    /// A purchase attempt not settled yet (<see cref="Tp.PendingPurchases"/>): a store answer that was
    /// <c>pending</c>, or a <see cref="Tp.PurchaseRequest"/> still unanswered when its page went.
    /// </summary>
    public sealed class PurchaseAttempt
    {
        /// <summary>What <see cref="Tp.SettlePendingPurchase"/> takes.</summary>
        public string AttemptId;
        public long OfferId;
        /// <summary>The product bought, or null.</summary>
        public string ProductId;
        /// <summary>When the Buy was pressed, in milliseconds since 1970 (the device's clock).</summary>
        public double StartedAt;
    }

    /// <summary>What <see cref="Tp.PendingPurchases"/> came to: the attempts, or the error.</summary>
    public sealed class PurchaseAttempts
    {
        public List<PurchaseAttempt> Attempts = new List<PurchaseAttempt>();
        public TpError Error;
        public bool Ok { get { return Error == null; } }
    }

    /// <summary>
    /// How an offer shown by <see cref="Tp.Show"/> or <see cref="Tp.ShowAt"/> ended: <c>dismiss</c>,
    /// <c>interact</c>, or <c>skipped</c> (ShowAt only, with its <see cref="Reason"/>); or the error.
    /// </summary>
    public sealed class OfferResult
    {
        /// <summary><c>dismiss</c>, <c>interact</c> or <c>skipped</c>; null with an error.</summary>
        public string Action;
        public long OfferId;
        /// <summary>With <c>skipped</c>: the placement asked for.</summary>
        public string Placement;
        /// <summary>With <c>skipped</c>: why (<c>no-offer</c>, <c>capped</c>, <c>in-gameplay</c>, <c>busy</c>…).</summary>
        public string Reason;
        /// <summary>With <c>interact</c>: the product's id, when it has one.</summary>
        public string ProductId;
        public bool DoNotShowAgain;
        /// <summary>The whole result as the bridge sent it.</summary>
        public TpJson Json;
        public TpError Error;
        public bool Ok { get { return Error == null; } }
    }

    /// <summary>One styled run of an offer's message.</summary>
    public sealed class TpSpan
    {
        public string Text;
        /// <summary><c>#rrggbbaa</c>, or null for the base color.</summary>
        public string Color;
        /// <summary>Font size in pixels, or null for the base size.</summary>
        public int? Size;
        public bool Bold;
        public bool Italic;
    }

    /// <summary>A product of an offer, as shown.</summary>
    public sealed class TpProduct
    {
        public string Id;
        public string Name;
        public double? Price;
        public double? DiscountPrice;
        /// <summary>The product as the bridge sent it (currency, texts…).</summary>
        public TpJson Json;
    }

    /// <summary>
    /// An offer for the game to draw itself (<c>ui: "engine"</c>, or <see cref="Tp.View"/>): call
    /// <see cref="Tp.ViewOpen"/> once drawn, then <see cref="Tp.ViewDismiss"/> or <see cref="Tp.ViewInteract"/>.
    /// </summary>
    public sealed class TpView
    {
        public string ViewId;
        public long OfferId;
        public string Title;
        /// <summary>The message as plain text, lines joined with <c>\n</c>.</summary>
        public string Text;
        /// <summary>The message in the engine markup asked for (<c>tmp</c>: TextMeshPro rich text), or null.</summary>
        public string Markup;
        /// <summary>The message as lines of styled spans.</summary>
        public List<List<TpSpan>> Lines = new List<List<TpSpan>>();
        public string ImageUrl;
        /// <summary>An AI offer's background image, or null.</summary>
        public string BackgroundUrl;
        public List<TpProduct> Products = new List<TpProduct>();
        /// <summary>The label of the do-not-show-again toggle, or null for none.</summary>
        public string ToggleLabel;
        /// <summary>The content as the bridge sent it.</summary>
        public TpJson Json;
        public TpError Error;
        public bool Ok { get { return Error == null; } }
    }

    /// <summary>
    /// The options of <see cref="Tp.Init"/>: the <c>createClient</c> options as JSON (docs/options.md)
    /// plus the bridge's <c>ui</c> and <c>engineMarkup</c>. Options without a property here go
    /// through <see cref="Set"/>.
    /// </summary>
    public sealed class TpOptions
    {
        private readonly TpJson json = TpJson.Object();

        /// <summary>The service's base URL (required).</summary>
        public string BaseUrl { set { json.Set("baseUrl", value); } }
        /// <summary>The <c>TPClientKey</c> header (required).</summary>
        public string ClientKey { set { json.Set("clientKey", value); } }
        /// <summary>The <c>TPAuthMode</c> header (required).</summary>
        public string AuthMode { set { json.Set("authMode", value); } }
        public string PlayerSlug { set { json.Set("playerSlug", value); } }
        public bool Debug { set { json.Set("debug", value); } }
        /// <summary><c>dom</c> (the DOM dialog, the default), <c>canvas</c> or <c>engine</c> (the game draws offers: <see cref="Tp.ViewPresent"/>).</summary>
        public string Ui { set { json.Set("ui", value); } }
        /// <summary>With <c>ui: "engine"</c>: <c>tmp</c> (TextMeshPro), <c>bbcode-godot</c> or <c>bbcode-construct</c>.</summary>
        public string EngineMarkup { set { json.Set("engineMarkup", value); } }

        /// <summary>The consent state at start: <c>granted</c>, <c>pending</c> or <c>denied</c>.</summary>
        public string Consent { set { json.Set("consent", value); } }
        /// <summary>True: a Buy raises <see cref="Tp.PurchaseRequest"/>; answer it with <see cref="Tp.SettlePurchase"/>.</summary>
        public bool Purchase { set { json.Set("purchase", value); } }

        /// <summary>Sets any other option (<c>offerRules</c>, <c>storage</c>, <c>consent</c>…); returns the options.</summary>
        public TpOptions Set(string option, TpJson value)
        {
            json.Set(option, value);
            return this;
        }

        /// <summary>The options as the <c>init</c> op's <c>args</c>.</summary>
        public TpJson ToJson() { return json; }

        internal string UiMode { get { return json.GetString("ui") ?? "dom"; } }
    }

    /// <summary>
    /// A record of one upload object kind, for <see cref="Tp.Track(TpRecord)"/>: made by the typed
    /// methods of <see cref="Tp.Records"/>, or by hand. <c>player_slug</c> and <c>event_timestamp</c>
    /// are filled by the SDK when left out.
    /// </summary>
    public sealed class TpRecord
    {
        /// <summary>The object name (<c>players_stages</c>).</summary>
        public readonly string ObjectName;
        /// <summary>The record's fields, as the spec names them.</summary>
        public readonly TpJson Fields = TpJson.Object();

        public TpRecord(string objectName) { ObjectName = objectName; }

        /// <summary>Sets a field (an open kind's extra field too); returns the record.</summary>
        public TpRecord Set(string field, TpJson value)
        {
            Fields.Set(field, value);
            return this;
        }

        internal TpRecord Optional(string field, string value) { return value == null ? this : Set(field, value); }
        internal TpRecord Optional(string field, long? value) { return value.HasValue ? Set(field, value.Value) : this; }
        internal TpRecord Optional(string field, double? value) { return value.HasValue ? Set(field, value.Value) : this; }
        internal TpRecord Optional(string field, bool? value) { return value.HasValue ? Set(field, value.Value) : this; }

        public override string ToString() { return Fields.ToString(); }
    }
}
