// Requests to the string bridge and the dispatch of what comes back: each request gets an id; a
// synchronous reply is read at once, a pending one waits for its final reply, which the one
// listener routes by id; every other message is an event. Nothing here throws into the game:
// failures become TpError values, and a game handler that throws is logged.
using System;
using System.Collections.Generic;
using System.Globalization;
using UnityEngine;

namespace TpWebSdk
{
    internal static class TpBridge
    {
        private static ITpNative native;
        private static bool listening;
        private static long nextId;
        private static readonly Dictionary<string, Action<TpJson, TpError>> pending = new Dictionary<string, Action<TpJson, TpError>>();

        /// <summary>The error of a call made where there is no bridge (the Editor, another platform).</summary>
        public static TpError Unavailable()
        {
            return new TpError("BridgeError", "unavailable", "tp-web-sdk runs only in a WebGL player");
        }

        public static ITpNative Native
        {
            get { return native ?? (native = TpNatives.Default()); }
            set
            {
                native = value;
                listening = false;
                pending.Clear();
            }
        }

        /// <summary>
        /// Runs <paramref name="op"/>: the result of a synchronous reply, or null with
        /// <paramref name="error"/> set. Never throws.
        /// </summary>
        public static TpJson Call(string op, TpJson args, out TpError error)
        {
            TpJson reply = Send(op, args, out error);
            if (reply == null) return null;
            if (reply.GetBool("pending"))
            {
                error = new TpError("BridgeError", "internal", op + " replied later; it was called as synchronous");
                return null;
            }
            return Result(reply, out error);
        }

        /// <summary>Runs an asynchronous op; <paramref name="done"/> gets its final result or error, exactly once.</summary>
        public static void CallAsync(string op, TpJson args, Action<TpJson, TpError> done)
        {
            string id;
            TpError error;
            TpJson reply = Send(op, args, out error, out id);
            if (reply != null && reply.GetBool("pending"))
            {
                pending[id] = done;
                return;
            }
            TpJson result = reply == null ? null : Result(reply, out error);
            Invoke(done, result, error);
        }

        private static TpJson Send(string op, TpJson args, out TpError error)
        {
            string id;
            return Send(op, args, out error, out id);
        }

        private static TpJson Send(string op, TpJson args, out TpError error, out string id)
        {
            error = null;
            id = (++nextId).ToString(CultureInfo.InvariantCulture);
            try
            {
                EnsureListening();
                var request = TpJson.Object().Set("v", 1).Set("id", id).Set("op", op).Set("args", args ?? TpJson.Object());
                string replyJson = Native.Call(request.ToString());
                if (replyJson == null)
                {
                    error = Unavailable();
                    return null;
                }
                TpJson reply = TpJson.TryParse(replyJson);
                if (reply == null || reply.Kind != TpJsonKind.Object)
                {
                    error = new TpError("BridgeError", "bad-json", "the reply is not a JSON object");
                    return null;
                }
                return reply;
            }
            catch (Exception thrown)
            {
                error = new TpError("BridgeError", "internal", thrown.Message);
                return null;
            }
        }

        private static TpJson Result(TpJson reply, out TpError error)
        {
            error = null;
            if (reply.GetBool("ok")) return reply.Get("result") ?? TpJson.Null;
            error = TpError.FromJson(reply.Get("error"));
            return null;
        }

        private static void EnsureListening()
        {
            if (listening) return;
            listening = true;
            Native.Listen(OnMessage);
        }

        /// <summary>One message of the listener: a final reply (by id) or an event.</summary>
        internal static void OnMessage(string messageJson)
        {
            try
            {
                TpJson message = TpJson.TryParse(messageJson);
                if (message == null || message.Kind != TpJsonKind.Object)
                {
                    Debug.LogWarning("tp-web-sdk: a message that is not a JSON object");
                    return;
                }
                string id = message.GetString("id");
                if (id != null)
                {
                    Action<TpJson, TpError> done;
                    if (!pending.TryGetValue(id, out done)) return;
                    pending.Remove(id);
                    TpError error;
                    TpJson result = Result(message, out error);
                    Invoke(done, result, error);
                    return;
                }
                string name = message.GetString("event");
                if (name != null) Tp.Dispatch(name, message.Get("data") ?? TpJson.Null);
            }
            catch (Exception thrown)
            {
                Debug.LogWarning("tp-web-sdk: a message could not be handled: " + thrown);
            }
        }

        private static void Invoke(Action<TpJson, TpError> done, TpJson result, TpError error)
        {
            try { done(result, error); }
            catch (Exception thrown) { Debug.LogWarning("tp-web-sdk: a callback threw: " + thrown); }
        }
    }
}
