/* The framing stream under the service's bus connection (see temper_dbus_guard.c): it reads the socket message by
 * message, hands GDBus each message whose body is within the limit as it came, and keeps every larger body out. */
#include "temper_private.h"
#include <gio/gio.h>
#include <string.h>

enum {
    /* The daemon validates every known field (names are at most 255 bytes): a real header is far smaller. */
    TEMPER_MAX_HEADER_FIELDS = 64 * 1024,
    TEMPER_FIXED_HEADER = 16,
    TEMPER_SCRATCH = 64 * 1024,
};

typedef struct {
    GInputStream parent_instance;
    GIOStream *base_stream;
    guint32 body_limit;
    /* The current message's header as read, and how much of it is due. */
    guint8 *header;
    gsize header_have, header_want;
    gboolean header_sized;
    /* Bytes to hand to GDBus before anything else: a header as read or as rewritten. */
    const guint8 *out;
    gsize out_length, out_offset;
    guint8 *rewritten;
    guint64 pass_through, discard;
    guint8 *scratch;
} TemperGuardedInput;

typedef struct {
    GInputStreamClass parent_class;
} TemperGuardedInputClass;

static void temper_guarded_input_pollable_init(GPollableInputStreamInterface *iface);

/* Pollable, so GDBus's reads wait in its worker's main loop like a socket's, not in a thread of their own. */
G_DEFINE_TYPE_WITH_CODE(TemperGuardedInput, temper_guarded_input, G_TYPE_INPUT_STREAM,
                        G_IMPLEMENT_INTERFACE(G_TYPE_POLLABLE_INPUT_STREAM, temper_guarded_input_pollable_init))

static gsize align_up(gsize value, gsize to) { return (value + to - 1) / to * to; }

static guint32 read_u32(const guint8 *bytes, gboolean little) {
    guint32 value;
    memcpy(&value, bytes, 4);
    return little ? GUINT32_FROM_LE(value) : GUINT32_FROM_BE(value);
}

static void write_u32(guint8 *bytes, guint32 value, gboolean little) {
    guint32 raw = little ? GUINT32_TO_LE(value) : GUINT32_TO_BE(value);
    memcpy(bytes, &raw, 4);
}

static gssize read_base(TemperGuardedInput *self, void *buffer, gsize count, gboolean blocking,
                        GCancellable *cancellable, GError **error) {
    GInputStream *base = g_io_stream_get_input_stream(self->base_stream);
    if (blocking) return g_input_stream_read(base, buffer, count, cancellable, error);
    return g_pollable_input_stream_read_nonblocking(G_POLLABLE_INPUT_STREAM(base), buffer, count, cancellable, error);
}

/* The header without the signature and every field but the names, plus the oversized mark, and its length; 0
 * when a field cannot be read (then the message is dropped). */
static gsize rewrite_header(TemperGuardedInput *self, guint32 body_length) {
    const guint8 *h = self->header;
    gboolean little = h[0] == 'l';
    gsize end = TEMPER_FIXED_HEADER + read_u32(h + 12, little);
    guint8 *out = self->rewritten;
    memcpy(out, h, TEMPER_FIXED_HEADER);
    gsize written = TEMPER_FIXED_HEADER;
    for (gsize at = TEMPER_FIXED_HEADER; align_up(at, 8) < end;) {
        at = align_up(at, 8);
        if (at + 4 > end || h[at + 1] != 1) return 0;
        guint8 code = h[at], type = h[at + 2];
        gsize value = at + 4, value_end;
        if (type == 's' || type == 'o') {
            if (value + 4 > end) return 0;
            value_end = value + 4 + (gsize)read_u32(h + value, little) + 1;
        } else if (type == 'g') {
            value_end = value + 1 + h[value] + 1;
        } else if (type == 'u') {
            value_end = value + 4;
        } else {
            return 0;
        }
        if (value_end > end) return 0;
        /* Path, interface, member, destination and sender: what an error reply and the filter need. */
        if (code == 1 || code == 2 || code == 3 || code == 6 || code == 7) {
            gsize to = align_up(written, 8);
            memset(out + written, 0, to - written);
            memcpy(out + to, h + at, value_end - at);
            written = to + (value_end - at);
        }
        at = value_end;
    }
    gsize mark = align_up(written, 8);
    memset(out + written, 0, mark - written);
    out[mark] = TEMPER_FIELD_OVERSIZED;
    out[mark + 1] = 1;
    out[mark + 2] = 'u';
    out[mark + 3] = 0;
    write_u32(out + mark + 4, body_length, little);
    written = mark + 8;
    write_u32(out + 4, 0, little);
    write_u32(out + 12, (guint32)(written - TEMPER_FIXED_HEADER), little);
    return written;
}

/* A whole header is in: pass the message on, or keep its body out. */
static void finish_header(TemperGuardedInput *self) {
    const guint8 *h = self->header;
    guint32 body_length = read_u32(h + 4, h[0] == 'l');
    if (body_length <= self->body_limit) {
        self->out = self->header;
        self->out_length = self->header_want;
        self->pass_through = body_length;
    } else {
        gsize length = h[1] == G_DBUS_MESSAGE_TYPE_METHOD_CALL ? rewrite_header(self, body_length) : 0;
        self->out = self->rewritten;
        self->out_length = length;
        self->discard = body_length;
    }
    self->out_offset = 0;
}

/* Hands on what is due next; every step keeps its state in `self`, so a read that would block resumes where it
 * stopped. */
static gssize guarded_read(TemperGuardedInput *self, void *buffer, gsize count, gboolean blocking,
                           GCancellable *cancellable, GError **error) {
    if (count == 0) return 0;
    for (;;) {
        if (self->out_offset < self->out_length) {
            gsize n = MIN(count, self->out_length - self->out_offset);
            memcpy(buffer, self->out + self->out_offset, n);
            self->out_offset += n;
            return (gssize)n;
        }
        if (self->pass_through > 0) {
            gssize n = read_base(self, buffer, (gsize)MIN((guint64)count, self->pass_through), blocking,
                                 cancellable, error);
            if (n > 0) self->pass_through -= (guint64)n;
            return n;
        }
        if (self->discard > 0) {
            gssize n = read_base(self, self->scratch, (gsize)MIN((guint64)TEMPER_SCRATCH, self->discard), blocking,
                                 cancellable, error);
            if (n <= 0) return n;
            self->discard -= (guint64)n;
            continue;
        }
        gssize n = read_base(self, self->header + self->header_have, self->header_want - self->header_have,
                             blocking, cancellable, error);
        if (n <= 0) return n;
        self->header_have += (gsize)n;
        if (self->header_have < self->header_want) continue;
        if (!self->header_sized) {
            const guint8 *h = self->header;
            if (h[0] != 'l' && h[0] != 'B') {
                g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "not a D-Bus message (endianness '%c')", h[0]);
                return -1;
            }
            guint32 fields = read_u32(h + 12, h[0] == 'l');
            self->header_sized = TRUE;
            if (fields > TEMPER_MAX_HEADER_FIELDS) {
                /* Drop it all: the rest of the header and the body. */
                self->discard = align_up(fields, 8) + (guint64)read_u32(h + 4, h[0] == 'l');
                self->header_have = 0;
                self->header_want = TEMPER_FIXED_HEADER;
                self->header_sized = FALSE;
                continue;
            }
            self->header_want = TEMPER_FIXED_HEADER + align_up(fields, 8);
            if (self->header_have < self->header_want) continue;
        }
        finish_header(self);
        self->header_have = 0;
        self->header_want = TEMPER_FIXED_HEADER;
        self->header_sized = FALSE;
    }
}

static gssize temper_guarded_input_read(GInputStream *stream, void *buffer, gsize count, GCancellable *cancellable,
                                        GError **error) {
    return guarded_read((TemperGuardedInput *)stream, buffer, count, TRUE, cancellable, error);
}

static gboolean temper_guarded_input_can_poll(GPollableInputStream *stream) {
    (void)stream;
    return TRUE;
}

static gboolean temper_guarded_input_is_readable(GPollableInputStream *stream) {
    TemperGuardedInput *self = (TemperGuardedInput *)stream;
    if (self->out_offset < self->out_length) return TRUE;
    return g_pollable_input_stream_is_readable(G_POLLABLE_INPUT_STREAM(g_io_stream_get_input_stream(self->base_stream)));
}

static GSource *temper_guarded_input_create_source(GPollableInputStream *stream, GCancellable *cancellable) {
    TemperGuardedInput *self = (TemperGuardedInput *)stream;
    GSource *inner = self->out_offset < self->out_length
                         ? g_timeout_source_new(0)
                         : g_pollable_input_stream_create_source(
                               G_POLLABLE_INPUT_STREAM(g_io_stream_get_input_stream(self->base_stream)), cancellable);
    GSource *source = g_pollable_source_new_full(stream, inner, cancellable);
    g_source_unref(inner);
    return source;
}

static gssize temper_guarded_input_read_nonblocking(GPollableInputStream *stream, void *buffer, gsize count,
                                                    GError **error) {
    return guarded_read((TemperGuardedInput *)stream, buffer, count, FALSE, NULL, error);
}

static void temper_guarded_input_pollable_init(GPollableInputStreamInterface *iface) {
    iface->can_poll = temper_guarded_input_can_poll;
    iface->is_readable = temper_guarded_input_is_readable;
    iface->create_source = temper_guarded_input_create_source;
    iface->read_nonblocking = temper_guarded_input_read_nonblocking;
}

static gboolean temper_guarded_input_close(GInputStream *stream, GCancellable *cancellable, GError **error) {
    TemperGuardedInput *self = (TemperGuardedInput *)stream;
    return g_io_stream_close(self->base_stream, cancellable, error);
}

static void temper_guarded_input_finalize(GObject *object) {
    TemperGuardedInput *self = (TemperGuardedInput *)object;
    g_clear_object(&self->base_stream);
    g_free(self->header);
    g_free(self->rewritten);
    g_free(self->scratch);
    G_OBJECT_CLASS(temper_guarded_input_parent_class)->finalize(object);
}

static void temper_guarded_input_class_init(TemperGuardedInputClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = temper_guarded_input_finalize;
    G_INPUT_STREAM_CLASS(klass)->read_fn = temper_guarded_input_read;
    G_INPUT_STREAM_CLASS(klass)->close_fn = temper_guarded_input_close;
}

static void temper_guarded_input_init(TemperGuardedInput *self) {
    self->header = g_malloc(TEMPER_FIXED_HEADER + TEMPER_MAX_HEADER_FIELDS);
    self->rewritten = g_malloc(TEMPER_FIXED_HEADER + TEMPER_MAX_HEADER_FIELDS + 16);
    self->scratch = g_malloc(TEMPER_SCRATCH);
    self->header_want = TEMPER_FIXED_HEADER;
}

/* The socket's output, passed through: GDBus writes to a GSocketOutputStream through the connection's socket,
 * which a GSimpleIOStream does not have. */
typedef struct {
    GOutputStream parent_instance;
    GOutputStream *base;
} TemperPassOutput;

typedef struct {
    GOutputStreamClass parent_class;
} TemperPassOutputClass;

G_DEFINE_TYPE(TemperPassOutput, temper_pass_output, G_TYPE_OUTPUT_STREAM)

static gssize temper_pass_output_write(GOutputStream *stream, const void *buffer, gsize count,
                                       GCancellable *cancellable, GError **error) {
    return g_output_stream_write(((TemperPassOutput *)stream)->base, buffer, count, cancellable, error);
}

static gboolean temper_pass_output_flush(GOutputStream *stream, GCancellable *cancellable, GError **error) {
    return g_output_stream_flush(((TemperPassOutput *)stream)->base, cancellable, error);
}

static void temper_pass_output_finalize(GObject *object) {
    g_clear_object(&((TemperPassOutput *)object)->base);
    G_OBJECT_CLASS(temper_pass_output_parent_class)->finalize(object);
}

static void temper_pass_output_class_init(TemperPassOutputClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = temper_pass_output_finalize;
    G_OUTPUT_STREAM_CLASS(klass)->write_fn = temper_pass_output_write;
    G_OUTPUT_STREAM_CLASS(klass)->flush = temper_pass_output_flush;
}

static void temper_pass_output_init(TemperPassOutput *self) { (void)self; }

GIOStream *temper_framed_stream_new(GIOStream *socket_stream, guint32 body_limit) {
    TemperGuardedInput *input = g_object_new(temper_guarded_input_get_type(), NULL);
    input->base_stream = g_object_ref(socket_stream);
    input->body_limit = body_limit;
    TemperPassOutput *output = g_object_new(temper_pass_output_get_type(), NULL);
    output->base = g_object_ref(g_io_stream_get_output_stream(socket_stream));
    GIOStream *stream = g_simple_io_stream_new(G_INPUT_STREAM(input), G_OUTPUT_STREAM(output));
    g_object_unref(input);
    g_object_unref(output);
    return stream;
}
