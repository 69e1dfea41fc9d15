// --post-js of the driver (test only): the page's handle on the native side. `Module.tpSend(json)`
// puts a request on the heap as C# would and returns the reply the driver copied;
// `Module.tpDriver` keeps the replies, the messages the C callback got, and how many of those
// arrived inside a call.
Module.tpDriver = {
  replies: [],
  messages: [],
  duringCall: 0,
  message: function (json, inCall) {
    if (inCall) this.duringCall++;
    this.messages.push(json);
  },
  reply: function (json) {
    this.replies.push(json);
  }
};
Module.tpSend = function (json) {
  var size = lengthBytesUTF8(json) + 1;
  var pointer = _malloc(size);
  stringToUTF8(json, pointer, size);
  _driver_send(pointer);
  _free(pointer);
  return Module.tpDriver.replies[Module.tpDriver.replies.length - 1];
};
