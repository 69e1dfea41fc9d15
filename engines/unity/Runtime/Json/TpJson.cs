// A JSON value: null, boolean, number, string, array or object (members kept in order). Unity's
// JsonUtility has no dictionaries and no free-form values, so the package carries this one:
// TpJson.Parse reads JSON text, ToString() writes it (numbers in the invariant culture, strings
// with every escape JSON needs; characters outside the BMP pass through as their UTF-16 pairs).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace TpWebSdk
{
    /// <summary>The kind of a <see cref="TpJson"/> value.</summary>
    public enum TpJsonKind { Null, Boolean, Number, String, Array, Object }

    /// <summary>A JSON value. Reading a missing member or the wrong kind gives null or a default, never throws.</summary>
    public sealed class TpJson
    {
        /// <summary>The JSON null.</summary>
        public static readonly TpJson Null = new TpJson(TpJsonKind.Null);

        private readonly TpJsonKind kind;
        private bool boolean;
        private double number;
        private string text;
        private List<TpJson> items;
        private List<KeyValuePair<string, TpJson>> members;

        private TpJson(TpJsonKind kind)
        {
            this.kind = kind;
            if (kind == TpJsonKind.Array) items = new List<TpJson>();
            if (kind == TpJsonKind.Object) members = new List<KeyValuePair<string, TpJson>>();
        }

        /// <summary>What this value is.</summary>
        public TpJsonKind Kind { get { return kind; } }

        /// <summary>A new empty object.</summary>
        public static TpJson Object() { return new TpJson(TpJsonKind.Object); }

        /// <summary>A new empty array.</summary>
        public static TpJson Array() { return new TpJson(TpJsonKind.Array); }

        /// <summary>A string, or null for a null reference.</summary>
        public static TpJson From(string value)
        {
            if (value == null) return Null;
            var json = new TpJson(TpJsonKind.String);
            json.text = value;
            return json;
        }

        /// <summary>A number (NaN and infinities are written as null, as JSON.stringify does).</summary>
        public static TpJson From(double value)
        {
            var json = new TpJson(TpJsonKind.Number);
            json.number = value;
            return json;
        }

        /// <summary>A boolean.</summary>
        public static TpJson From(bool value)
        {
            var json = new TpJson(TpJsonKind.Boolean);
            json.boolean = value;
            return json;
        }

        public static implicit operator TpJson(string value) { return From(value); }
        public static implicit operator TpJson(double value) { return From(value); }
        public static implicit operator TpJson(long value) { return From((double)value); }
        public static implicit operator TpJson(int value) { return From((double)value); }
        public static implicit operator TpJson(bool value) { return From(value); }

        /// <summary>Sets member <paramref name="key"/> of an object (replacing one of that name); returns the object.</summary>
        public TpJson Set(string key, TpJson value)
        {
            if (members == null) throw new InvalidOperationException("Set on a JSON " + kind);
            if (value == null) value = Null;
            for (int i = 0; i < members.Count; i++)
            {
                if (members[i].Key == key)
                {
                    members[i] = new KeyValuePair<string, TpJson>(key, value);
                    return this;
                }
            }
            members.Add(new KeyValuePair<string, TpJson>(key, value));
            return this;
        }

        /// <summary>Appends an item to an array; returns the array.</summary>
        public TpJson Add(TpJson value)
        {
            if (items == null) throw new InvalidOperationException("Add on a JSON " + kind);
            items.Add(value ?? Null);
            return this;
        }

        /// <summary>Member <paramref name="key"/> of an object, or null when absent or not an object.</summary>
        public TpJson Get(string key)
        {
            if (members == null) return null;
            for (int i = 0; i < members.Count; i++) if (members[i].Key == key) return members[i].Value;
            return null;
        }

        /// <summary>True when this is an object with member <paramref name="key"/>.</summary>
        public bool Has(string key) { return Get(key) != null; }

        /// <summary>The members of an object, in order (empty otherwise).</summary>
        public IList<KeyValuePair<string, TpJson>> Members
        {
            get { return members != null ? members.AsReadOnly() : (IList<KeyValuePair<string, TpJson>>)new KeyValuePair<string, TpJson>[0]; }
        }

        /// <summary>The items of an array (empty otherwise).</summary>
        public IList<TpJson> Items { get { return items != null ? items.AsReadOnly() : (IList<TpJson>)new TpJson[0]; } }

        /// <summary>The string, or null when this is not a string.</summary>
        public string AsString { get { return kind == TpJsonKind.String ? text : null; } }

        /// <summary>The number, or 0 when this is not a number.</summary>
        public double AsNumber { get { return kind == TpJsonKind.Number ? number : 0; } }

        /// <summary>The boolean, or false when this is not a boolean.</summary>
        public bool AsBool { get { return kind == TpJsonKind.Boolean && boolean; } }

        /// <summary>Member <paramref name="key"/> as a string, or null.</summary>
        public string GetString(string key) { var value = Get(key); return value == null ? null : value.AsString; }

        /// <summary>Member <paramref name="key"/> as a number, or null when absent or not a number.</summary>
        public double? GetNumber(string key)
        {
            var value = Get(key);
            return value != null && value.kind == TpJsonKind.Number ? value.number : (double?)null;
        }

        /// <summary>Member <paramref name="key"/> as a boolean (false when absent).</summary>
        public bool GetBool(string key) { var value = Get(key); return value != null && value.AsBool; }

        /// <summary>The value as JSON text.</summary>
        public override string ToString()
        {
            var builder = new StringBuilder();
            Write(builder);
            return builder.ToString();
        }

        /// <summary>Appends the value as JSON text.</summary>
        public void Write(StringBuilder builder)
        {
            switch (kind)
            {
                case TpJsonKind.Null: builder.Append("null"); break;
                case TpJsonKind.Boolean: builder.Append(boolean ? "true" : "false"); break;
                case TpJsonKind.Number: WriteNumber(builder, number); break;
                case TpJsonKind.String: WriteString(builder, text); break;
                case TpJsonKind.Array:
                    builder.Append('[');
                    for (int i = 0; i < items.Count; i++)
                    {
                        if (i > 0) builder.Append(',');
                        items[i].Write(builder);
                    }
                    builder.Append(']');
                    break;
                default:
                    builder.Append('{');
                    for (int i = 0; i < members.Count; i++)
                    {
                        if (i > 0) builder.Append(',');
                        WriteString(builder, members[i].Key);
                        builder.Append(':');
                        members[i].Value.Write(builder);
                    }
                    builder.Append('}');
                    break;
            }
        }

        /// <summary>
        /// A number as JSON: integers up to 2^53 without a fraction or exponent, others in the
        /// shortest round-trip form; NaN and infinities as null.
        /// </summary>
        public static void WriteNumber(StringBuilder builder, double value)
        {
            if (double.IsNaN(value) || double.IsInfinity(value)) { builder.Append("null"); return; }
            if (value == Math.Floor(value) && Math.Abs(value) <= 9007199254740992.0)
            {
                builder.Append(((long)value).ToString(CultureInfo.InvariantCulture));
                return;
            }
            builder.Append(value.ToString("R", CultureInfo.InvariantCulture));
        }

        /// <summary>A string as JSON: quotes, backslashes and control characters escaped; a lone surrogate as \uXXXX.</summary>
        public static void WriteString(StringBuilder builder, string value)
        {
            builder.Append('"');
            for (int i = 0; i < value.Length; i++)
            {
                char c = value[i];
                switch (c)
                {
                    case '"': builder.Append("\\\""); break;
                    case '\\': builder.Append("\\\\"); break;
                    case '\n': builder.Append("\\n"); break;
                    case '\r': builder.Append("\\r"); break;
                    case '\t': builder.Append("\\t"); break;
                    case '\b': builder.Append("\\b"); break;
                    case '\f': builder.Append("\\f"); break;
                    default:
                        if (c < 0x20 || c == '\u2028' || c == '\u2029') AppendEscape(builder, c);
                        else if (char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
                        {
                            builder.Append(c).Append(value[i + 1]);
                            i++;
                        }
                        else if (char.IsSurrogate(c)) AppendEscape(builder, c);
                        else builder.Append(c);
                        break;
                }
            }
            builder.Append('"');
        }

        private static void AppendEscape(StringBuilder builder, char c)
        {
            builder.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
        }

        /// <summary>Reads JSON text. Throws <see cref="FormatException"/> when it is not JSON.</summary>
        public static TpJson Parse(string text) { return TpJsonReader.Read(text); }

        /// <summary>Reads JSON text; null when it is not JSON (never throws).</summary>
        public static TpJson TryParse(string text)
        {
            try { return text == null ? null : TpJsonReader.Read(text); }
            catch (FormatException) { return null; }
        }
    }
}
