// The native layer under Tp: the three C entry points of TpWebSdk.jslib in a WebGL player, and a
// layer that does nothing (one log line) in the Editor and in every other build.
using System;
using System.Runtime.InteropServices;
using System.Text;
using UnityEngine;

namespace TpWebSdk
{
    /// <summary>
    /// What <see cref="Tp"/> calls: one request in, its reply out, and the one listener for messages.
    /// The WebGL player's layer calls TpWebSdk.jslib; tests and other hosts give their own
    /// (<see cref="Tp.UseNative"/>).
    /// </summary>
    public interface ITpNative
    {
        /// <summary>Runs one bridge request (JSON text); its reply, or null when there is no bridge.</summary>
        string Call(string requestJson);

        /// <summary>Sets the listener of messages (events, asynchronous replies); never called inside <see cref="Call"/>.</summary>
        void Listen(Action<string> onMessage);
    }

    /// <summary>The Editor and non-WebGL builds: every call does nothing; the first one logs why.</summary>
    internal sealed class TpNoopNative : ITpNative
    {
        private bool logged;

        public string Call(string requestJson)
        {
            if (!logged)
            {
                logged = true;
                Debug.Log("tp-web-sdk: calls do nothing outside a WebGL player (Editor or another platform)");
            }
            return null;
        }

        public void Listen(Action<string> onMessage) { }
    }

    /// <summary>UTF-8 between managed strings and the wasm heap.</summary>
    internal static class TpUtf8
    {
        /// <summary>The string's UTF-8 bytes with a terminating zero.</summary>
        public static byte[] ToNative(string text)
        {
            int length = Encoding.UTF8.GetByteCount(text);
            var bytes = new byte[length + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>The zero-terminated UTF-8 string at <paramref name="pointer"/> (Marshal.PtrToStringUTF8 is missing in some Unity profiles).</summary>
        public static string FromNative(IntPtr pointer)
        {
            if (pointer == IntPtr.Zero) return null;
            int length = 0;
            while (Marshal.ReadByte(pointer, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(pointer, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }
    }

#if UNITY_WEBGL && !UNITY_EDITOR
    /// <summary>A WebGL player: TpWebSdk_Call, TpWebSdk_Free and TpWebSdk_Listen of TpWebSdk.jslib.</summary>
    internal sealed class TpWebGlNative : ITpNative
    {
        private delegate void MessageCallback(IntPtr messageJson);

        [DllImport("__Internal")] private static extern IntPtr TpWebSdk_Call(byte[] requestJson);
        [DllImport("__Internal")] private static extern void TpWebSdk_Free(IntPtr reply);
        [DllImport("__Internal")] private static extern void TpWebSdk_Listen(MessageCallback callback);

        private static Action<string> listener;

        public string Call(string requestJson)
        {
            IntPtr reply = TpWebSdk_Call(TpUtf8.ToNative(requestJson));
            try { return TpUtf8.FromNative(reply); }
            finally { TpWebSdk_Free(reply); }
        }

        public void Listen(Action<string> onMessage)
        {
            listener = onMessage;
            TpWebSdk_Listen(OnMessage);
        }

        // The message is freed when this returns: it is copied into a managed string first.
        [AOT.MonoPInvokeCallback(typeof(MessageCallback))]
        private static void OnMessage(IntPtr messageJson)
        {
            try
            {
                var onMessage = listener;
                if (onMessage != null) onMessage(TpUtf8.FromNative(messageJson));
            }
            catch (Exception error)
            {
                Debug.LogWarning("tp-web-sdk: a message handler threw: " + error);
            }
        }
    }
#endif

    internal static class TpNatives
    {
        /// <summary>The layer of this build.</summary>
        public static ITpNative Default()
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            return new TpWebGlNative();
#else
            return new TpNoopNative();
#endif
        }
    }
}
