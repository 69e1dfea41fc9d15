/*
 * A stand-in for a Unity WebGL game's native side: the calls IL2CPP makes for
 * [DllImport("__Internal")] functions taking and returning UTF-8 strings, and one callback of
 * the shape an Action<string> marshalled with [MonoPInvokeCallback] has. Linked with the package's
 * real TpWebSdk.jslib (--js-library) and TpWebSdk.jspre (--pre-js), with Unity's flags
 * (-sEXPORTED_FUNCTIONS=_main,_malloc,_free). test/harness.js hands what it sees to the page.
 */
#include <emscripten.h>
#include <stdlib.h>

extern char *TpWebSdk_Call(const char *requestJson);
extern void TpWebSdk_Free(char *p);
extern void TpWebSdk_Listen(void (*callback)(const char *messageJson));

/* 1 while TpWebSdk_Call runs: a message arriving then would re-enter the game's code. */
static int in_call = 0;

static void on_message(const char *message_json) {
  EM_ASM({ Module.tpDriver.message(UTF8ToString($0), $1); }, message_json, in_call);
}

/* What a C# wrapper does for each request: call, copy the reply, free it. */
EMSCRIPTEN_KEEPALIVE void driver_send(const char *request_json) {
  in_call = 1;
  char *reply = TpWebSdk_Call(request_json);
  in_call = 0;
  EM_ASM({ Module.tpDriver.reply(UTF8ToString($0)); }, reply);
  TpWebSdk_Free(reply);
}

int main(void) {
  TpWebSdk_Listen(on_message);
  return 0;
}
