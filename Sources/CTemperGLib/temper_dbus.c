#include "temper_glib.h"
#include "temper_private.h"
#include <gio/gio.h>


void temper_dbus_connection_close(void *connection) {
    if (connection == NULL || g_dbus_connection_is_closed(G_DBUS_CONNECTION(connection))) return;
    g_dbus_connection_flush_sync(G_DBUS_CONNECTION(connection), NULL, NULL);
    g_dbus_connection_close_sync(G_DBUS_CONNECTION(connection), NULL, NULL);
}

/* ---- owning a name -------------------------------------------------------------------------------- */

typedef struct {
    TemperNameCallback callback;
    void *context;
} TemperNameTarget;

static void temper_name_acquired(GDBusConnection *connection, const gchar *name, gpointer data) {
    (void)connection;
    (void)name;
    TemperNameTarget *target = data;
    target->callback(target->context, 1);
}

static void temper_name_lost(GDBusConnection *connection, const gchar *name, gpointer data) {
    (void)connection;
    (void)name;
    TemperNameTarget *target = data;
    target->callback(target->context, 0);
}

unsigned int temper_dbus_own_name(void *connection, const char *name, TemperNameCallback callback, void *context) {
    TemperNameTarget *target = g_new0(TemperNameTarget, 1);
    target->callback = callback;
    target->context = context;
    return g_bus_own_name_on_connection(G_DBUS_CONNECTION(connection), name, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE,
                                        temper_name_acquired, temper_name_lost, target, g_free);
}

void temper_dbus_unown_name(unsigned int owner_id) {
    if (owner_id != 0) g_bus_unown_name(owner_id);
}

/* ---- exporting an object -------------------------------------------------------------------------- */

typedef struct {
    TemperMethodCallback method;
    TemperPropertyCallback property;
    void *context;
} TemperObjectTarget;

static void temper_method_call(GDBusConnection *connection, const gchar *sender, const gchar *object_path,
                               const gchar *interface_name, const gchar *method_name, GVariant *parameters,
                               GDBusMethodInvocation *invocation, gpointer data) {
    (void)connection;
    (void)object_path;
    (void)interface_name;
    TemperObjectTarget *target = data;
    /* GDBus hands us its reference; the callee answers (and so releases) it exactly once. */
    target->method(target->context, sender != NULL ? sender : "", method_name, parameters, invocation);
}

static GVariant *temper_get_property(GDBusConnection *connection, const gchar *sender, const gchar *object_path,
                                     const gchar *interface_name, const gchar *property_name, GError **error,
                                     gpointer data) {
    (void)connection;
    (void)sender;
    (void)object_path;
    (void)interface_name;
    TemperObjectTarget *target = data;
    GVariant *value = target->property(target->context, property_name);
    if (value == NULL) {
        g_set_error(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_PROPERTY, "no property %s", property_name);
    }
    return value;
}

static const GDBusInterfaceVTable temper_vtable = {temper_method_call, temper_get_property, NULL, {0}};

unsigned int temper_dbus_register_object(void *connection, const char *object_path, const char *introspection_xml,
                                         const char *interface_name, TemperMethodCallback method,
                                         TemperPropertyCallback property, void *context, char **error_message) {
    GError *error = NULL;
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(introspection_xml, &error);
    if (node == NULL) {
        temper_set_error(error_message, error);
        return 0;
    }
    GDBusInterfaceInfo *interface = g_dbus_node_info_lookup_interface(node, interface_name);
    if (interface == NULL) {
        if (error_message != NULL) *error_message = g_strdup_printf("the XML has no interface %s", interface_name);
        g_dbus_node_info_unref(node);
        return 0;
    }
    TemperObjectTarget *target = g_new0(TemperObjectTarget, 1);
    target->method = method;
    target->property = property;
    target->context = context;
    guint id = g_dbus_connection_register_object(G_DBUS_CONNECTION(connection), object_path, interface,
                                                 &temper_vtable, target, g_free, &error);
    g_dbus_node_info_unref(node);
    if (id == 0) temper_set_error(error_message, error);
    return id;
}

void temper_dbus_unregister_object(void *connection, unsigned int registration_id) {
    if (connection != NULL && registration_id != 0) {
        g_dbus_connection_unregister_object(G_DBUS_CONNECTION(connection), registration_id);
    }
}

/* GDBus compares a call's body with the method's in-arguments before it calls a registered object; this is that
 * comparison, so a message read from bytes reaches the service only when the bus would have let it through. */
static gboolean temper_body_matches(GDBusMethodInfo *method, GVariant *body) {
    GString *expected = g_string_new("(");
    for (GDBusArgInfo **argument = method->in_args; argument != NULL && *argument != NULL; argument++) {
        g_string_append(expected, (*argument)->signature);
    }
    g_string_append_c(expected, ')');
    const char *actual = body != NULL ? g_variant_get_type_string(body) : "()";
    gboolean matches = g_strcmp0(expected->str, actual) == 0;
    g_string_free(expected, TRUE);
    return matches;
}

void *temper_dbus_method_call_from_blob(const uint8_t *blob, size_t size, const char *introspection_xml,
                                        const char *interface_name, char **method_name, char **error_message) {
    GError *error = NULL;
    if (size < 16 || g_dbus_message_bytes_needed((guchar *)blob, size, &error) != (gssize)size) {
        if (error != NULL) {
            temper_set_error(error_message, error);
        } else if (error_message != NULL) {
            *error_message = g_strdup("the bytes are not exactly one message");
        }
        return NULL;
    }
    GDBusMessage *message = g_dbus_message_new_from_blob((guchar *)blob, size, G_DBUS_CAPABILITY_FLAGS_NONE, &error);
    if (message == NULL) {
        temper_set_error(error_message, error);
        return NULL;
    }
    void *body = NULL;
    GDBusNodeInfo *node = g_dbus_node_info_new_for_xml(introspection_xml, &error);
    GDBusInterfaceInfo *interface = node != NULL ? g_dbus_node_info_lookup_interface(node, interface_name) : NULL;
    const char *member = g_dbus_message_get_member(message);
    GDBusMethodInfo *method = NULL;
    if (interface == NULL) {
        if (error != NULL) {
            temper_set_error(error_message, error);
        } else if (error_message != NULL) {
            *error_message = g_strdup_printf("the XML has no interface %s", interface_name);
        }
    } else if (g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL ||
               g_strcmp0(g_dbus_message_get_interface(message), interface_name) != 0 || member == NULL) {
        if (error_message != NULL) *error_message = g_strdup_printf("not a method call on %s", interface_name);
    } else if ((method = g_dbus_interface_info_lookup_method(interface, member)) == NULL) {
        if (error_message != NULL) *error_message = g_strdup_printf("no method %s", member);
    } else if (!temper_body_matches(method, g_dbus_message_get_body(message))) {
        if (error_message != NULL) *error_message = g_strdup_printf("the arguments of %s have the wrong types", member);
    } else {
        GVariant *arguments = g_dbus_message_get_body(message);
        body = arguments != NULL ? g_variant_ref(arguments) : g_variant_ref_sink(g_variant_new_tuple(NULL, 0));
        if (method_name != NULL) *method_name = g_strdup(member);
    }
    if (node != NULL) g_dbus_node_info_unref(node);
    g_object_unref(message);
    return body;
}

/* ---- answering ------------------------------------------------------------------------------------ */

void temper_dbus_return_string(void *invocation, const char *value) {
    g_dbus_method_invocation_return_value(invocation, g_variant_new("(s)", value));
}

void temper_dbus_return_uint64(void *invocation, uint64_t value) {
    g_dbus_method_invocation_return_value(invocation, g_variant_new("(t)", (guint64)value));
}

void temper_dbus_return_boolean(void *invocation, bool value) {
    g_dbus_method_invocation_return_value(invocation, g_variant_new("(b)", (gboolean)value));
}

void temper_dbus_return_error(void *invocation, const char *error_name, const char *message) {
    g_dbus_method_invocation_return_dbus_error(invocation, error_name, message);
}

/* ---- reading arguments ---------------------------------------------------------------------------- */

const char *temper_dbus_argument_string(void *parameters, unsigned int index, uint64_t *length) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    gsize size = 0;
    /* The child shares the parent's buffer, which outlives this call. */
    const char *text = g_variant_get_string(child, &size);
    g_variant_unref(child);
    if (length != NULL) *length = size;
    return text;
}

double temper_dbus_argument_double(void *parameters, unsigned int index) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    double value = g_variant_get_double(child);
    g_variant_unref(child);
    return value;
}

uint64_t temper_dbus_argument_uint64(void *parameters, unsigned int index) {
    GVariant *child = g_variant_get_child_value(parameters, index);
    guint64 value = g_variant_get_uint64(child);
    g_variant_unref(child);
    return value;
}

/* ---- values and signals --------------------------------------------------------------------------- */

void *temper_dbus_value_string(const char *value) { return g_variant_new_string(value); }
void *temper_dbus_value_boolean(bool value) { return g_variant_new_boolean(value); }
void *temper_dbus_value_double(double value) { return g_variant_new_double(value); }

void *temper_dbus_value_strings(const char *const *values, unsigned int count) {
    return g_variant_new_strv(values, (gssize)count);
}

void *temper_dbus_value_sink(void *value) { return value != NULL ? g_variant_ref_sink(value) : NULL; }
void temper_dbus_value_unref(void *value) {
    if (value != NULL) g_variant_unref(value);
}

bool temper_dbus_emit_properties_changed(void *connection, const char *object_path, const char *interface_name,
                                         const char *const *names, void *const *values, unsigned int count) {
    GVariantBuilder changed;
    g_variant_builder_init(&changed, G_VARIANT_TYPE("a{sv}"));
    for (unsigned int index = 0; index < count; index++) {
        g_variant_builder_add(&changed, "{sv}", names[index], (GVariant *)values[index]);
    }
    GVariant *parameters = g_variant_new("(sa{sv}as)", interface_name, &changed, NULL);
    return g_dbus_connection_emit_signal(G_DBUS_CONNECTION(connection), NULL, object_path,
                                         "org.freedesktop.DBus.Properties", "PropertiesChanged", parameters, NULL);
}

bool temper_dbus_emit_ticket_signal(void *connection, const char *destination, const char *object_path,
                                    const char *interface_name, const char *signal_name, uint64_t ticket,
                                    const char *text) {
    return g_dbus_connection_emit_signal(G_DBUS_CONNECTION(connection), destination, object_path, interface_name,
                                         signal_name, g_variant_new("(ts)", (guint64)ticket, text), NULL);
}

bool temper_dbus_emit_crossing_signal(void *connection, const char *object_path, const char *interface_name,
                                      const char *signal_name, const char *tier, bool rising, double headroom) {
    return g_dbus_connection_emit_signal(G_DBUS_CONNECTION(connection), NULL, object_path, interface_name, signal_name,
                                         g_variant_new("(sbd)", tier, (gboolean)rising, headroom), NULL);
}

typedef struct {
    TemperNameVanishedCallback callback;
    void *context;
} TemperVanishedTarget;

static void temper_name_owner_changed(GDBusConnection *connection, const gchar *sender, const gchar *object_path,
                                      const gchar *interface_name, const gchar *signal_name, GVariant *parameters,
                                      gpointer data) {
    (void)connection;
    (void)sender;
    (void)object_path;
    (void)interface_name;
    (void)signal_name;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sss)"))) return;
    const gchar *name = NULL, *old_owner = NULL, *new_owner = NULL;
    g_variant_get(parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
    if (new_owner[0] != '\0') return;
    TemperVanishedTarget *target = data;
    target->callback(target->context, name);
}

unsigned int temper_dbus_watch_vanished_names(void *connection, TemperNameVanishedCallback callback, void *context) {
    TemperVanishedTarget *target = g_new0(TemperVanishedTarget, 1);
    target->callback = callback;
    target->context = context;
    return g_dbus_connection_signal_subscribe(G_DBUS_CONNECTION(connection), "org.freedesktop.DBus",
                                              "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
                                              NULL, G_DBUS_SIGNAL_FLAGS_NONE, temper_name_owner_changed, target,
                                              g_free);
}

void temper_dbus_signal_unsubscribe(void *connection, unsigned int subscription_id) {
    if (connection != NULL && subscription_id != 0) {
        g_dbus_connection_signal_unsubscribe(G_DBUS_CONNECTION(connection), subscription_id);
    }
}

/* ---- a remote string property --------------------------------------------------------------------- */

void *temper_dbus_proxy_new(void *connection, const char *bus_name, const char *object_path, const char *interface_name,
                            char **error_message) {
    GError *error = NULL;
    GDBusProxy *proxy = g_dbus_proxy_new_sync(G_DBUS_CONNECTION(connection), G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, NULL,
                                              bus_name, object_path, interface_name, NULL, &error);
    if (proxy == NULL) temper_set_error(error_message, error);
    return proxy;
}

char *temper_dbus_proxy_string_property(void *proxy, const char *property) {
    gchar *owner = g_dbus_proxy_get_name_owner(G_DBUS_PROXY(proxy));
    if (owner == NULL) return NULL;
    g_free(owner);
    GVariant *value = g_dbus_proxy_get_cached_property(G_DBUS_PROXY(proxy), property);
    if (value == NULL) return NULL;
    char *text = g_variant_is_of_type(value, G_VARIANT_TYPE_STRING) ? g_variant_dup_string(value, NULL) : NULL;
    g_variant_unref(value);
    return text;
}

void temper_dbus_proxy_set_string_property(void *proxy, const char *property, const char *value) {
    GDBusProxy *remote = G_DBUS_PROXY(proxy);
    g_dbus_connection_call(g_dbus_proxy_get_connection(remote), g_dbus_proxy_get_name(remote),
                           g_dbus_proxy_get_object_path(remote), "org.freedesktop.DBus.Properties", "Set",
                           g_variant_new("(ssv)", g_dbus_proxy_get_interface_name(remote), property,
                                         g_variant_new_string(value)),
                           NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL, NULL);
}

/* ---- who is calling ------------------------------------------------------------------------------- */

int64_t temper_dbus_connection_unix_user(void *connection, const char *name, int timeout_ms) {
    GVariant *reply = g_dbus_connection_call_sync(G_DBUS_CONNECTION(connection), "org.freedesktop.DBus",
                                                  "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                  "GetConnectionUnixUser", g_variant_new("(s)", name),
                                                  G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, NULL);
    if (reply == NULL) return -1;
    guint32 uid = 0;
    g_variant_get(reply, "(u)", &uid);
    g_variant_unref(reply);
    return (int64_t)uid;
}

int temper_dbus_polkit_check(void *connection, const char *name, const char *action_id, int timeout_ms) {
    GVariantBuilder subject_details;
    g_variant_builder_init(&subject_details, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&subject_details, "{sv}", "name", g_variant_new_string(name));
    GVariantBuilder details;
    g_variant_builder_init(&details, G_VARIANT_TYPE("a{ss}"));
    /* Flags 0: no interaction, so no authentication agent is ever asked on the caller's behalf. */
    GVariant *arguments = g_variant_new("((sa{sv})sa{ss}us)", "system-bus-name", &subject_details, action_id, &details,
                                        (guint32)0, "");
    GVariant *reply = g_dbus_connection_call_sync(
        G_DBUS_CONNECTION(connection), "org.freedesktop.PolicyKit1", "/org/freedesktop/PolicyKit1/Authority",
        "org.freedesktop.PolicyKit1.Authority", "CheckAuthorization", arguments, G_VARIANT_TYPE("((bba{ss}))"),
        G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, NULL);
    if (reply == NULL) return -1;
    gboolean authorized = FALSE;
    gboolean challenge = FALSE;
    GVariantIter *result_details = NULL;
    g_variant_get(reply, "((bba{ss}))", &authorized, &challenge, &result_details);
    if (result_details != NULL) g_variant_iter_free(result_details);
    g_variant_unref(reply);
    return authorized ? 1 : 0;
}

/* ---- typed values for GetCondition ------------------------------------------------------------------ */

void *temper_dbus_value_vardict(const char *const *names, void *const *values, unsigned int count) {
    GVariantBuilder builder;
    g_variant_builder_init(&builder, G_VARIANT_TYPE("a{sv}"));
    for (unsigned int index = 0; index < count; index++) {
        g_variant_builder_add(&builder, "{sv}", names[index], (GVariant *)values[index]);
    }
    return g_variant_builder_end(&builder);
}

void *temper_dbus_value_vardict_array(void *const *values, unsigned int count) {
    return g_variant_new_array(G_VARIANT_TYPE("a{sv}"), (GVariant *const *)values, count);
}

void *temper_dbus_value_double_map(const char *const *names, const double *values, unsigned int count) {
    GVariantBuilder builder;
    g_variant_builder_init(&builder, G_VARIANT_TYPE("a{sd}"));
    for (unsigned int index = 0; index < count; index++) {
        g_variant_builder_add(&builder, "{sd}", names[index], values[index]);
    }
    return g_variant_builder_end(&builder);
}

void *temper_dbus_value_string_pairs(const char *const *firsts, const char *const *seconds, unsigned int count) {
    GVariantBuilder builder;
    g_variant_builder_init(&builder, G_VARIANT_TYPE("a(ss)"));
    for (unsigned int index = 0; index < count; index++) {
        g_variant_builder_add(&builder, "(ss)", firsts[index], seconds[index]);
    }
    return g_variant_builder_end(&builder);
}

void temper_dbus_return_value(void *invocation, void *value) {
    g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple((GVariant *const *)&value, 1));
}
