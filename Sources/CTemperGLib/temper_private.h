/* What the shim's own files share, not for Swift. */
#ifndef TEMPER_PRIVATE_H
#define TEMPER_PRIVATE_H

#include <gio/gio.h>

/* Sets *error_message (when asked for) to a copy of `error`'s message, and frees `error`. */
void temper_set_error(char **error_message, GError *error);

/* The header field that marks a method call whose body temper_framed_stream_new kept out; its value (u) is the
 * body's size. Not a code the D-Bus specification assigns: GDBus keeps unknown fields, the daemon adds none. */
#define TEMPER_FIELD_OVERSIZED 200

/* A stream over a bus socket (already authenticated) that passes each message whose body is at most `body_limit`
 * bytes and reads every larger body away in pieces: a method call keeps its names and gains the
 * TEMPER_FIELD_OVERSIZED mark, anything else is dropped. Takes its own reference to `socket_stream`. */
GIOStream *temper_framed_stream_new(GIOStream *socket_stream, guint32 body_limit);

#endif
