// Reads JSON text (RFC 8259) into TpJson values: a recursive descent over the UTF-16 string, with
// \uXXXX escapes (surrogate pairs included), numbers in the invariant culture, and a depth limit.
using System;
using System.Globalization;
using System.Text;

namespace TpWebSdk
{
    internal sealed class TpJsonReader
    {
        private const int MaxDepth = 64;
        private readonly string text;
        private int at;

        private TpJsonReader(string text) { this.text = text; }

        /// <summary>The value of <paramref name="text"/>; throws <see cref="FormatException"/> when it is not JSON.</summary>
        public static TpJson Read(string text)
        {
            var reader = new TpJsonReader(text);
            var value = reader.Value(0);
            reader.SkipSpace();
            if (reader.at != text.Length) throw reader.Fail("text after the value");
            return value;
        }

        private FormatException Fail(string what)
        {
            return new FormatException("JSON: " + what + " at " + at.ToString(CultureInfo.InvariantCulture));
        }

        private void SkipSpace()
        {
            while (at < text.Length && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        }

        private TpJson Value(int depth)
        {
            if (depth > MaxDepth) throw Fail("nested too deep");
            SkipSpace();
            if (at >= text.Length) throw Fail("a value expected");
            char c = text[at];
            if (c == '{') return ObjectValue(depth);
            if (c == '[') return ArrayValue(depth);
            if (c == '"') return TpJson.From(StringValue());
            if (c == '-' || (c >= '0' && c <= '9')) return NumberValue();
            if (Word("true")) return TpJson.From(true);
            if (Word("false")) return TpJson.From(false);
            if (Word("null")) return TpJson.Null;
            throw Fail("unexpected character");
        }

        private bool Word(string word)
        {
            if (string.CompareOrdinal(text, at, word, 0, word.Length) != 0) return false;
            at += word.Length;
            return true;
        }

        private TpJson ObjectValue(int depth)
        {
            var json = TpJson.Object();
            at++;
            SkipSpace();
            if (at < text.Length && text[at] == '}') { at++; return json; }
            while (true)
            {
                SkipSpace();
                if (at >= text.Length || text[at] != '"') throw Fail("a member name expected");
                string key = StringValue();
                SkipSpace();
                if (at >= text.Length || text[at] != ':') throw Fail("':' expected");
                at++;
                json.Set(key, Value(depth + 1));
                SkipSpace();
                if (at < text.Length && text[at] == ',') { at++; continue; }
                if (at < text.Length && text[at] == '}') { at++; return json; }
                throw Fail("',' or '}' expected");
            }
        }

        private TpJson ArrayValue(int depth)
        {
            var json = TpJson.Array();
            at++;
            SkipSpace();
            if (at < text.Length && text[at] == ']') { at++; return json; }
            while (true)
            {
                json.Add(Value(depth + 1));
                SkipSpace();
                if (at < text.Length && text[at] == ',') { at++; continue; }
                if (at < text.Length && text[at] == ']') { at++; return json; }
                throw Fail("',' or ']' expected");
            }
        }

        private string StringValue()
        {
            at++; // the opening quote
            var builder = new StringBuilder();
            while (true)
            {
                if (at >= text.Length) throw Fail("unterminated string");
                char c = text[at++];
                if (c == '"') return builder.ToString();
                if (c < 0x20) throw Fail("control character in a string");
                if (c != '\\') { builder.Append(c); continue; }
                if (at >= text.Length) throw Fail("unterminated escape");
                char e = text[at++];
                switch (e)
                {
                    case '"': builder.Append('"'); break;
                    case '\\': builder.Append('\\'); break;
                    case '/': builder.Append('/'); break;
                    case 'b': builder.Append('\b'); break;
                    case 'f': builder.Append('\f'); break;
                    case 'n': builder.Append('\n'); break;
                    case 'r': builder.Append('\r'); break;
                    case 't': builder.Append('\t'); break;
                    case 'u':
                        if (at + 4 > text.Length) throw Fail("short \\u escape");
                        int code;
                        if (!int.TryParse(text.Substring(at, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out code)) throw Fail("bad \\u escape");
                        builder.Append((char)code); // a surrogate pair arrives as two escapes, in order
                        at += 4;
                        break;
                    default: throw Fail("unknown escape");
                }
            }
        }

        private TpJson NumberValue()
        {
            int start = at;
            if (text[at] == '-') at++;
            if (at < text.Length && text[at] == '0') at++;
            else if (!Digits()) throw Fail("digits expected");
            if (at < text.Length && text[at] == '.')
            {
                at++;
                if (!Digits()) throw Fail("digits expected after '.'");
            }
            if (at < text.Length && (text[at] == 'e' || text[at] == 'E'))
            {
                at++;
                if (at < text.Length && (text[at] == '+' || text[at] == '-')) at++;
                if (!Digits()) throw Fail("digits expected in the exponent");
            }
            double value;
            if (!double.TryParse(text.Substring(start, at - start), NumberStyles.Float, CultureInfo.InvariantCulture, out value)) throw Fail("bad number");
            return TpJson.From(value);
        }

        private bool Digits()
        {
            int start = at;
            while (at < text.Length && text[at] >= '0' && text[at] <= '9') at++;
            return at > start;
        }
    }
}
