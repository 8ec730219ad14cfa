/* A bus connection that never holds an oversized message.
 *
 * GDBus reads each incoming message whole into a buffer it keeps at the largest size it has seen, parses its body
 * into a second copy, and serialises the argument tuple a third time when a child is read: a 31 MiB message cost
 * the service about twice its size at once and left it 31 MiB bigger for good. Here the connection reads the bus
 * socket through a framing input stream: a message whose body is over the limit never reaches GDBus. Its body is
 * read and thrown away in 64 KiB pieces; a method call keeps its header (path, interface, member, destination,
 * sender, serial), loses its body and signature, and gains a private header field with the body's size, which a
 * filter answers with a TooLarge error before dispatch. Any other oversized message is dropped. */
#include "temper_glib.h"
#include "temper_private.h"
#include <gio/gio.h>
#include <gio/gunixconnection.h>
#include <unistd.h>

/* ---- the filter that answers the marked calls ----------------------------------------------------- */

typedef struct {
    gchar *error_name;
    guint32 body_limit;
    TemperOversizedCallback callback;
    void *context;
} TemperOversizedTarget;

static void temper_oversized_target_free(gpointer data) {
    TemperOversizedTarget *target = data;
    g_free(target->error_name);
    g_free(target);
}

static GDBusMessage *temper_oversized_filter(GDBusConnection *connection, GDBusMessage *message, gboolean incoming,
                                             gpointer data) {
    if (!incoming || g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL) return message;
    GVariant *mark = g_dbus_message_get_header(message, TEMPER_FIELD_OVERSIZED);
    if (mark == NULL) return message;
    TemperOversizedTarget *target = data;
    guint32 size = g_variant_is_of_type(mark, G_VARIANT_TYPE_UINT32) ? g_variant_get_uint32(mark) : 0;
    const gchar *member = g_dbus_message_get_member(message);
    if (target->callback != NULL) target->callback(target->context, member != NULL ? member : "");
    if ((g_dbus_message_get_flags(message) & G_DBUS_MESSAGE_FLAGS_NO_REPLY_EXPECTED) == 0) {
        GDBusMessage *reply = g_dbus_message_new_method_error(
            message, target->error_name, "%s's arguments are %u bytes; the limit is %u", member != NULL ? member : "the call",
            size, target->body_limit);
        g_dbus_connection_send_message(connection, reply, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, NULL);
        g_object_unref(reply);
    }
    g_object_unref(message);
    return NULL;
}

/* SASL EXTERNAL on the socket itself: GDBus offers EXTERNAL only over a GUnixConnection, which it would read
 * directly, past the framing stream. */
static gboolean temper_authenticate(GIOStream *socket_stream, GError **error) {
    GOutputStream *output = g_io_stream_get_output_stream(socket_stream);
    GInputStream *input = g_io_stream_get_input_stream(socket_stream);
    if (G_IS_UNIX_CONNECTION(socket_stream)) {
        if (!g_unix_connection_send_credentials(G_UNIX_CONNECTION(socket_stream), NULL, error)) return FALSE;
    } else if (!g_output_stream_write_all(output, "", 1, NULL, NULL, error)) {
        return FALSE;
    }
    gchar *uid = g_strdup_printf("%u", (unsigned)getuid());
    GString *request = g_string_new("AUTH EXTERNAL ");
    for (const gchar *digit = uid; *digit != '\0'; digit++) g_string_append_printf(request, "%02x", (guint8)*digit);
    g_string_append(request, "\r\n");
    g_free(uid);
    gboolean sent = g_output_stream_write_all(output, request->str, request->len, NULL, NULL, error);
    g_string_free(request, TRUE);
    if (!sent) return FALSE;
    gchar line[512];
    gsize length = 0;
    /* One byte at a time: nothing after the line may be taken from GDBus. */
    while (length < sizeof line - 1) {
        gssize n = g_input_stream_read(input, line + length, 1, NULL, error);
        if (n < 0) return FALSE;
        if (n == 0) break;
        if (line[length++] == '\n') break;
    }
    line[length] = '\0';
    if (!g_str_has_prefix(line, "OK ")) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, "the bus refused EXTERNAL authentication: %s",
                    g_strchomp(line));
        return FALSE;
    }
    return g_output_stream_write_all(output, "BEGIN\r\n", 7, NULL, NULL, error);
}

void *temper_bus_open_guarded(int bus_kind, const char *address, uint32_t body_limit, const char *error_name,
                              TemperOversizedCallback callback, void *context, char **error_message) {
    GError *error = NULL;
    GBusType type = bus_kind == 1 ? G_BUS_TYPE_SESSION : G_BUS_TYPE_SYSTEM;
    gchar *bus_address = address != NULL ? g_strdup(address) : g_dbus_address_get_for_bus_sync(type, NULL, &error);
    GIOStream *socket_stream = bus_address != NULL ? g_dbus_address_get_stream_sync(bus_address, NULL, NULL, &error)
                                                   : NULL;
    g_free(bus_address);
    if (socket_stream == NULL) {
        temper_set_error(error_message, error);
        return NULL;
    }
    if (!temper_authenticate(socket_stream, &error)) {
        g_object_unref(socket_stream);
        temper_set_error(error_message, error);
        return NULL;
    }
    GIOStream *stream = temper_framed_stream_new(socket_stream, body_limit);
    g_object_unref(socket_stream);
    GDBusConnection *connection = g_dbus_connection_new_sync(
        stream, NULL, G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);
    g_object_unref(stream);
    if (connection == NULL) {
        temper_set_error(error_message, error);
        return NULL;
    }
    g_dbus_connection_set_exit_on_close(connection, FALSE);
    TemperOversizedTarget *target = g_new0(TemperOversizedTarget, 1);
    target->error_name = g_strdup(error_name);
    target->body_limit = body_limit;
    target->callback = callback;
    target->context = context;
    g_dbus_connection_add_filter(connection, temper_oversized_filter, target, temper_oversized_target_free);
    return connection;
}
