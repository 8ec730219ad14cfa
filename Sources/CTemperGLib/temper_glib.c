/* What every GLib client of Temper's shares: one way to drop a reference, one way to connect a signal, one way
 * to open a bus connection. */
#include "temper_glib.h"
#include "temper_private.h"
#include <gio/gio.h>

void temper_set_error(char **error_message, GError *error) {
    if (error_message != NULL) *error_message = g_strdup(error != NULL ? error->message : "unknown error");
    g_clear_error(&error);
}

void *temper_object_ref(void *object) {
    return object != NULL ? g_object_ref(object) : NULL;
}

void temper_object_unref(void *object) {
    if (object != NULL) g_object_unref(object);
}

bool temper_bus_is_closed(void *connection) {
    return connection == NULL || g_dbus_connection_is_closed(G_DBUS_CONNECTION(connection));
}

void temper_object_array_free(void **objects) {
    if (objects == NULL) return;
    for (void **cursor = objects; *cursor != NULL; cursor++) g_object_unref(*cursor);
    g_free(objects);
}

void *temper_bus_open(int bus_kind, const char *address, bool shared, char **error_message) {
    GError *error = NULL;
    GDBusConnection *connection = NULL;
    GBusType type = bus_kind == 1 ? G_BUS_TYPE_SESSION : G_BUS_TYPE_SYSTEM;
    if (shared && address == NULL) {
        /* The process's shared connection, the one libupower-glib and bus-wide proxies use. */
        connection = g_bus_get_sync(type, NULL, &error);
    } else {
        /* A connection of our own, not the shared singleton: closing it must not close anyone else's. */
        gchar *bus_address = address != NULL ? g_strdup(address) : g_dbus_address_get_for_bus_sync(type, NULL, &error);
        if (bus_address != NULL) {
            connection = g_dbus_connection_new_for_address_sync(
                bus_address,
                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                NULL, NULL, &error);
            g_free(bus_address);
        }
    }
    if (connection == NULL) {
        temper_set_error(error_message, error);
        return NULL;
    }
    /* A vanished bus must never terminate the process. */
    g_dbus_connection_set_exit_on_close(connection, FALSE);
    return connection;
}

typedef struct {
    TemperChangedCallback callback;
    void *context;
} TemperSignalTarget;

/* Every signal Temper connects has the instance first and user data last; the arguments between are not
 * needed, so one trampoline per arity forwards to the callback. */
static void temper_forward3(gpointer instance, gpointer argument, gpointer user_data) {
    (void)instance;
    (void)argument;
    TemperSignalTarget *target = user_data;
    target->callback(target->context);
}

static void temper_forward4(gpointer instance, gpointer first, gpointer second, gpointer user_data) {
    (void)instance;
    (void)first;
    (void)second;
    TemperSignalTarget *target = user_data;
    target->callback(target->context);
}

static void temper_target_free(gpointer data, GClosure *closure) {
    (void)closure;
    g_free(data);
}

unsigned long temper_signal_connect(void *object, const char *signal, TemperChangedCallback callback, void *context) {
    if (object == NULL || callback == NULL) return 0;
    TemperSignalTarget *target = g_new0(TemperSignalTarget, 1);
    target->callback = callback;
    target->context = context;
    /* "g-properties-changed" and GDBusConnection's "closed" carry two arguments, the others one. */
    gboolean two_arguments = g_str_equal(signal, "g-properties-changed") || g_str_equal(signal, "closed");
    GCallback forward = two_arguments ? G_CALLBACK(temper_forward4) : G_CALLBACK(temper_forward3);
    return g_signal_connect_data(object, signal, forward, target, temper_target_free, 0);
}

void temper_signal_disconnect(void *object, unsigned long handler_id) {
    if (object != NULL && handler_id != 0) g_signal_handler_disconnect(object, handler_id);
}
