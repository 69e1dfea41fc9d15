// A native layer for the tests: records every request, answers as the test says, and delivers
// messages to the listener when the test asks (never inside a call, as the jslib does).
using System;
using System.Collections.Generic;

namespace TpWebSdk.Tests
{
    internal sealed class FakeNative : ITpNative
    {
        public readonly List<TpJson> Requests = new List<TpJson>();
        /// <summary>The reply to a request; null: <c>ok</c> with <c>true</c>.</summary>
        public Func<TpJson, string> Reply;
        private Action<string> listener;

        public string Call(string requestJson)
        {
            TpJson request = TpJson.Parse(requestJson);
            Requests.Add(request);
            return Reply != null ? Reply(request) : Ok(request, TpJson.From(true));
        }

        public void Listen(Action<string> onMessage) { listener = onMessage; }

        public void Deliver(string messageJson) { listener(messageJson); }

        public TpJson Last { get { return Requests[Requests.Count - 1]; } }

        public static string Ok(TpJson request, TpJson result)
        {
            return TpJson.Object().Set("v", 1).Set("id", request.GetString("id")).Set("ok", true).Set("result", result).ToString();
        }

        public static string Pending(TpJson request)
        {
            return TpJson.Object().Set("v", 1).Set("id", request.GetString("id")).Set("pending", true).ToString();
        }

        /// <summary>A recorded reply or message of the real bridge, with the id of <paramref name="request"/>.</summary>
        public static string WithId(TpJson recorded, TpJson request)
        {
            TpJson copy = TpJson.Parse(recorded.ToString());
            if (copy.Has("id")) copy.Set("id", request.GetString("id"));
            return copy.ToString();
        }
    }
}
