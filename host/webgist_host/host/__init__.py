"""The native-messaging host: what the browser starts, and its message framing."""
