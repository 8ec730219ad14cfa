#ifndef TEMPER_GLIB_H
#define TEMPER_GLIB_H

/*
 * The one C shim of Temper's GLib edge (the TemperGLib target's), for the calls Swift cannot make: g_object_get,
 * g_variant_new and g_variant_get are variadic, g_signal_connect is a macro, GDBus wants C vtables. Every
 * function is prefixed `temper_` and does one thing; GLib objects cross as `void *` and every returned object is
 * a new reference the caller drops with temper_object_unref. Its clients: UPower and power-profiles-daemon (the
 * host's bus watch), the GDBus service side, GUdev uevents and the kernel's thermal netlink events.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* GObject pointers cross this boundary as `void *` so Swift sees one set of GLib types (CUPowerGlib's). */

/* The UpClient properties Temper reads, taken in one g_object_get. Strings are owned: free with
 * temper_up_client_info_clear. */
typedef struct {
    bool on_battery;
    bool lid_is_closed;
    bool lid_is_present;
    char *daemon_version;
} TemperUpClientInfo;

/* The UpDevice properties Temper reads, taken in one g_object_get. Strings are owned: free with
 * temper_up_device_info_clear. */
typedef struct {
    char *native_path;
    char *model;
    char *vendor;
    char *serial;
    char *object_path;           /* the D-Bus object path (not a property: up_device_get_object_path) */
    unsigned int technology;     /* UpDeviceTechnology */
    unsigned int kind;           /* UpDeviceKind */
    unsigned int state;          /* UpDeviceState */
    unsigned int warning_level;  /* UpDeviceLevel */
    bool is_present;
    bool power_supply;
    bool online;
    double percentage;
    double energy_rate;
    double energy;               /* Wh */
    double energy_full;          /* Wh */
    double energy_full_design;   /* Wh */
    double capacity;             /* energy_full / energy_full_design, percent */
    int64_t time_to_empty;
    int64_t time_to_full;
} TemperUpDeviceInfo;

void temper_up_client_read(void *client, TemperUpClientInfo *info);
void temper_up_client_info_clear(TemperUpClientInfo *info);
void temper_up_device_read(void *device, TemperUpDeviceInfo *info);
void temper_up_device_info_clear(TemperUpDeviceInfo *info);

/* UPower's names for a device state and kind (static strings). */
const char *temper_up_device_state_name(unsigned int state);
const char *temper_up_device_kind_name(unsigned int kind);
/* UPower's name for a battery technology ("lithium-ion", …; "unknown" for UP_DEVICE_TECHNOLOGY_UNKNOWN). */
const char *temper_up_device_technology_name(unsigned int technology);
/* UP_DEVICE_KIND_BATTERY. */
unsigned int temper_up_device_kind_battery(void);

/* Something changed: the only callback Swift receives. */
typedef void (*TemperChangedCallback)(void *context);

/* Connects `signal` on `object` (any GObject) so that `callback(context)` runs on the context that owns the
 * object: the one way any client of the shim hears a signal. Works for "notify", "device-added", "device-removed", "g-properties-changed",
 * "notify::g-name-owner" and a GDBusConnection's "closed". Returns the handler id (0 on failure). */
unsigned long temper_signal_connect(void *object, const char *signal, TemperChangedCallback callback, void *context);
void temper_signal_disconnect(void *object, unsigned long handler_id);

/* Reads the cached ActiveProfile and PerformanceDegraded; returns false when the daemon is absent
 * (no name owner or no cached property). Strings are owned: free with g_free. */
bool temper_power_profiles_read(void *proxy, char **active_profile, char **performance_degraded);

/* Reads the cached Profiles (aa{sv}): each profile's "Profile" and "Driver" as two NULL-terminated arrays of
 * the same length, in the daemon's order (a missing driver is ""). Returns false (both NULL) when the property
 * is absent. Free both with g_strfreev. */
bool temper_power_profiles_list(void *proxy, char ***names, char ***drivers);

/* Takes or drops a reference of any GObject. */
void *temper_object_ref(void *object);
void temper_object_unref(void *object);

/* Opens a bus connection: 0 system, 1 session; `address` (when not NULL) wins over both. `shared` takes the
 * process's shared connection (the one libupower-glib and bus-wide proxies use), otherwise a connection of our
 * own that closing cannot take from anyone else. Exit-on-close is off, so a vanished bus never terminates the
 * process. Returns a new reference, or NULL with *error_message set (free with g_free). */
void *temper_bus_open(int bus_kind, const char *address, bool shared, char **error_message);
/* Whether a connection has closed (the bus went away). */
bool temper_bus_is_closed(void *connection);

/* Creates the UpClient (up_client_new_full) on the calling thread's default main context. Returns NULL with
 * *error_message set (free with g_free) when there is no bus. */
void *temper_up_client_new(char **error_message);
/* The display device (a new reference) or NULL when the daemon does not answer. */
void *temper_up_client_display_device(void *client);
/* Every battery of the host's own (kind battery, power-supply true) UPower knows, as new references in a NULL-terminated array (free with
 * temper_object_array_free). */
void **temper_up_client_batteries(void *client);
/* Every peripheral: each device with a battery that is not the host's own (power-supply false) and not line power
 * (controllers, mice, keyboards, headsets, phones…), as new references in a NULL-terminated array (free with
 * temper_object_array_free). */
void **temper_up_client_peripherals(void *client);
void temper_object_array_free(void **objects);

/* ---- connections ---------------------------------------------------------------------------------- */

/* Flushes outgoing messages and closes the connection (synchronously). */
void temper_dbus_connection_close(void *connection);

/* Called on GDBus's worker thread for each method call refused as too large, with its member name. */
typedef void (*TemperOversizedCallback)(void *context, const char *member);
/* A connection of our own (bus_kind 0 system, 1 session; or `address`) that never holds a message whose body is
 * over `body_limit` bytes: such a body is read and thrown away in pieces, and a method call is answered with the
 * D-Bus error `error_name` before dispatch; other oversized messages are dropped. NULL with *error_message set on
 * failure. */
void *temper_bus_open_guarded(int bus_kind, const char *address, uint32_t body_limit, const char *error_name,
                              TemperOversizedCallback callback, void *context, char **error_message);
/* The Unix user id of the connection that owns `name` (GetConnectionUnixUser, waiting at most `timeout_ms`), or
 * -1 when the bus does not say. */
int64_t temper_dbus_connection_unix_user(void *connection, const char *name, int timeout_ms);
/* polkit's answer for the bus connection `name` and `action_id`, asked without interaction: 1 authorized, 0 not,
 * -1 when polkit did not answer (not running, or an error) within `timeout_ms`. */
int temper_dbus_polkit_check(void *connection, const char *name, const char *action_id, int timeout_ms);

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

/* Reads `blob` as one D-Bus message, as the service's connection would, and returns its body (a new GVariant
 * reference for temper_dbus_value_unref) and *method_name (g_free) when it is a call of a method of
 * `interface_name` whose arguments have the types `introspection_xml` declares: what GDBus lets through to a
 * registered object. Else NULL with *error_message (g_free). The service's method-call path without a bus, for
 * fuzzing and tests. */
void *temper_dbus_method_call_from_blob(const uint8_t *blob, size_t size, const char *introspection_xml,
                                        const char *interface_name, char **method_name, char **error_message);

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
/* An a{sv} of `count` (name, value) pairs (values borrowed), an a{sd}, and an a(ss); each floating. */
void *temper_dbus_value_vardict(const char *const *names, void *const *values, unsigned int count);
void *temper_dbus_value_double_map(const char *const *names, const double *values, unsigned int count);
/* An aa{sv} of `count` a{sv} values (borrowed), floating; empty when count is 0. */
void *temper_dbus_value_vardict_array(void *const *values, unsigned int count);
void *temper_dbus_value_string_pairs(const char *const *firsts, const char *const *seconds, unsigned int count);
/* Answers with the one-value tuple (value); `value` is borrowed. */
void temper_dbus_return_value(void *invocation, void *value);
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

/* Emits the broadcast (sbd) signal `signal_name`: a tier's name, whether it was crossed rising, and the headroom. */
bool temper_dbus_emit_crossing_signal(void *connection, const char *object_path, const char *interface_name,
                                      const char *signal_name, const char *tier, bool rising, double headroom);

/* Called with a name whose owner left the bus (NameOwnerChanged with an empty new owner). */
typedef void (*TemperNameVanishedCallback)(void *context, const char *name);
/* Subscribes to the bus's NameOwnerChanged on the calling thread's context; returns the subscription id. */
unsigned int temper_dbus_watch_vanished_names(void *connection, TemperNameVanishedCallback callback, void *context);
void temper_dbus_signal_unsubscribe(void *connection, unsigned int subscription_id);

/* ---- a remote string property (feedbackd's Profile) ----------------------------------------------- */

/* A proxy for `interface_name` at `bus_name` `object_path` on `connection`, caching its properties (without
 * starting the service). Connect "g-properties-changed" and "notify::g-name-owner" with temper_signal_connect to
 * hear changes. NULL with *error_message. */
void *temper_dbus_proxy_new(void *connection, const char *bus_name, const char *object_path, const char *interface_name,
                            char **error_message);
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

#endif
