// Stand-ins for the UnityEngine and AOT types the package uses, so Debian's mcs compiles it
// without Unity. Debug records every line, for the tests to count.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    public class Object { }
    public class Component : Object { }
    public class Behaviour : Component { }
    public class MonoBehaviour : Behaviour { }

    public static class Debug
    {
        public static readonly List<string> Lines = new List<string>();
        public static void Log(object message) { Lines.Add("log: " + message); }
        public static void LogWarning(object message) { Lines.Add("warning: " + message); }
        public static void LogError(object message) { Lines.Add("error: " + message); }
    }

    public static class WebGLInput
    {
        public static bool captureAllKeyboardInput = true;
    }
}

namespace AOT
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
