#ifndef TEMPER_DBUS_H
#define TEMPER_DBUS_H

/*
 * Shims for the GDBus and GUdev calls Swift cannot make (variadic g_variant_new/g_variant_get, the
 * g_signal_connect macro, C vtables). Every function is prefixed `temper_dbus_`/`temper_udev_` and does one
 * thing; GLib objects cross as `void *` and every returned object is a new reference the caller releases.
 */

#include <stdbool.h>
#include <stdint.h>

/* ---- connections ---------------------------------------------------------------------------------- */

/* Which bus: 0 system, 1 session; `address` (when not NULL) wins over both. Returns a new connection with
 * exit-on-close off, or NULL with *error_message set (free with g_free). */
void *temper_dbus_connection_open(int bus_kind, const char *address, char **error_message);
/* Flushes outgoing messages and closes the connection (synchronously). */
void temper_dbus_connection_close(void *connection);

/* ---- owning a name -------------------------------------------------------------------------------- */

/* Called with 1 when the name is ours, 0 when it is lost or could not be had. */
typedef void (*TemperNameCallback)(void *context, int owned);
/* Requests `name` (no replacement, no queueing); the callback runs on the calling thread's context.
 * Returns the owner id for temper_dbus_unown_name. */
unsigned int temper_dbus_own_name(void *connection, const char *name, TemperNameCallback callback, void *context);
void temper_dbus_unown_name(unsigned int owner_id);

/* ---- exporting an object -------------------------------------------------------------------------- */

/* A method call: `invocation` is a new reference (GDBusMethodInvocation) the callee must answer exactly once
 * with temper_dbus_return_* (each consumes it). `parameters` is borrowed for the call's duration. */
typedef void (*TemperMethodCallback)(void *context, const char *sender, const char *method, void *parameters,
                                     void *invocation);
/* A property read: returns a new floating or full GVariant, or NULL for "no such property". */
typedef void *(*TemperPropertyCallback)(void *context, const char *property);

/* Registers `interface_name` from `introspection_xml` at `object_path`; calls arrive on the calling thread's
 * context. Returns the registration id (0 with *error_message on failure). */
unsigned int temper_dbus_register_object(void *connection, const char *object_path, const char *introspection_xml,
                                         const char *interface_name, TemperMethodCallback method,
                                         TemperPropertyCallback property, void *context, char **error_message);
void temper_dbus_unregister_object(void *connection, unsigned int registration_id);

/* ---- answering ------------------------------------------------------------------------------------ */

void temper_dbus_return_string(void *invocation, const char *value);
void temper_dbus_return_uint64(void *invocation, uint64_t value);
void temper_dbus_return_boolean(void *invocation, bool value);
void temper_dbus_return_error(void *invocation, const char *error_name, const char *message);

/* ---- reading arguments (GDBus has checked the signature against the introspection data) ------------ */

/* The string at `index` (borrowed from `parameters`) and its length in bytes. */
const char *temper_dbus_argument_string(void *parameters, unsigned int index, uint64_t *length);
double temper_dbus_argument_double(void *parameters, unsigned int index);
uint64_t temper_dbus_argument_uint64(void *parameters, unsigned int index);

/* ---- values and signals --------------------------------------------------------------------------- */

void *temper_dbus_value_string(const char *value);
void *temper_dbus_value_boolean(bool value);
void *temper_dbus_value_double(double value);
/* An `as` from `count` strings. */
void *temper_dbus_value_strings(const char *const *values, unsigned int count);
/* Takes ownership of a floating value (g_variant_ref_sink). */
void *temper_dbus_value_sink(void *value);
void temper_dbus_value_unref(void *value);

/* Emits org.freedesktop.DBus.Properties.PropertiesChanged for `count` (name, value) pairs (values borrowed). */
bool temper_dbus_emit_properties_changed(void *connection, const char *object_path, const char *interface_name,
                                         const char *const *names, void *const *values, unsigned int count);
/* Emits a (ts) signal, to `destination` only when not NULL. */
bool temper_dbus_emit_ticket_signal(void *connection, const char *destination, const char *object_path,
                                    const char *interface_name, const char *signal_name, uint64_t ticket,
                                    const char *text);

/* Called with a name whose owner left the bus (NameOwnerChanged with an empty new owner). */
typedef void (*TemperNameVanishedCallback)(void *context, const char *name);
/* Subscribes to the bus's NameOwnerChanged on the calling thread's context; returns the subscription id. */
unsigned int temper_dbus_watch_vanished_names(void *connection, TemperNameVanishedCallback callback, void *context);
void temper_dbus_signal_unsubscribe(void *connection, unsigned int subscription_id);

/* ---- a remote string property (feedbackd's Profile) ----------------------------------------------- */

/* A proxy for `interface_name` at `bus_name` `object_path` on `connection`, caching its properties and
 * calling `changed(context)` on every PropertiesChanged or owner change. NULL with *error_message. */
typedef void (*TemperProxyChangedCallback)(void *context);
void *temper_dbus_proxy_new(void *connection, const char *bus_name, const char *object_path, const char *interface_name,
                            TemperProxyChangedCallback changed, void *context, char **error_message);
/* The cached string property (g_free it), or NULL when absent or the service has no owner. */
char *temper_dbus_proxy_string_property(void *proxy, const char *property);
/* Sets a string property through org.freedesktop.DBus.Properties.Set, asynchronously (result ignored,
 * failures logged by GLib at debug level). */
void temper_dbus_proxy_set_string_property(void *proxy, const char *property, const char *value);

/* ---- udev uevents (GUdev) --------------------------------------------------------------------------- */

/* Called with the action ("change", "add", …), the subsystem and the device's sysfs path (all borrowed). */
typedef void (*TemperUeventCallback)(void *context, const char *action, const char *subsystem, const char *sysfs_path);
/* A GUdevClient listening to `subsystems` (NULL-terminated) on the calling thread's context; the callback
 * stays connected for the client's life. */
void *temper_udev_client_new(const char *const *subsystems, TemperUeventCallback callback, void *context);

/* ---- kernel thermal netlink events --------------------------------------------------------------- */

/* Something changed (a thermal-zone event). */
typedef void (*TemperWakeCallback)(void *context);
/* Joins the thermal generic-netlink family's "event" group (its id, as the controller gave it) and calls
 * `callback` on the calling thread's context for each batch of zone events (trip and threshold crossings; not
 * fan updates, not threshold bookkeeping). Returns the GSource id, or 0 with *error_message. */
unsigned int temper_thermal_events_watch(unsigned int group, TemperWakeCallback callback, void *context, char **error_message);
void temper_thermal_events_unwatch(unsigned int source_id);

/* Frees a string GLib allocated. */
void temper_dbus_free(void *memory);

/* Drops one reference of any GObject. */
void temper_dbus_object_unref(void *object);

#endif
