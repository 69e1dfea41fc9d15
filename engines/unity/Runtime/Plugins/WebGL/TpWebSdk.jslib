// The C entry points of tp-web-sdk for Unity WebGL, over the string bridge of the script-tag build
// (TpWebSdk.jspre defines globalThis.TPSDK). Names are pinned: any C or C# caller links them.
//
//   char* TpWebSdk_Call(const char* requestJson);   the reply, allocated with _malloc
//   void  TpWebSdk_Free(char* p);                   frees a reply
//   void  TpWebSdk_Listen(void (*cb)(const char*)); one listener; never called inside TpWebSdk_Call
//
// Strings in with UTF8ToString, out with lengthBytesUTF8 + _malloc + stringToUTF8: the functions
// of every Emscripten Unity has shipped with (2021.3 and newer). A message passed to the callback
// is freed when the callback returns: the callee copies it (IL2CPP's string marshalling does).
mergeInto(LibraryManager.library, {
  $TpWebSdk: {
    listening: false,
    // The C callback given to TpWebSdk_Listen, attached to the bridge once TPSDK is there (a page
    // may load it after the game's first call).
    callback: 0,
    // A string on the wasm heap, for the caller to free.
    allocate: function (text) {
      var size = lengthBytesUTF8(text) + 1;
      var pointer = _malloc(size);
      stringToUTF8(text, pointer, size);
      return pointer;
    },
    // The bridge, or undefined when the script-tag build is not loaded.
    bridge: function () {
      return typeof TPSDK === 'object' && TPSDK !== null && TPSDK.bridge ? TPSDK.bridge : undefined;
    },
    // Attaches the C callback to the bridge, once both are there.
    attach: function () {
      var bridge = TpWebSdk.bridge();
      var callback = TpWebSdk.callback;
      if (!bridge || !callback || TpWebSdk.listening) return;
      TpWebSdk.listening = true;
      bridge.listen(function (messageJson) {
        var pointer = TpWebSdk.allocate(messageJson);
        try {
          {{{ makeDynCall('vi', 'callback') }}}(pointer);
        } finally {
          _free(pointer);
        }
      });
    },
    missing: '{"v":1,"id":null,"ok":false,"error":{"name":"BridgeError","code":"not-loaded","message":"TPSDK is not loaded: add TpWebSdk.jspre to the build"}}'
  },

  TpWebSdk_Call__deps: ['$TpWebSdk'],
  TpWebSdk_Call: function (requestJson) {
    TpWebSdk.attach();
    var bridge = TpWebSdk.bridge();
    var reply = bridge ? bridge.call(UTF8ToString(requestJson)) : TpWebSdk.missing;
    return TpWebSdk.allocate(reply);
  },

  TpWebSdk_Free: function (pointer) {
    _free(pointer);
  },

  TpWebSdk_Listen__deps: ['$TpWebSdk'],
  TpWebSdk_Listen: function (callback) {
    if (TpWebSdk.callback) return;
    TpWebSdk.callback = callback;
    TpWebSdk.attach();
  }
});
