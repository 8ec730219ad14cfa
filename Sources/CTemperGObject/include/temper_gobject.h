#ifndef TEMPER_GOBJECT_H
#define TEMPER_GOBJECT_H

/*
 * Shims for the GObject calls Swift cannot make: g_object_get is variadic, g_signal_connect is a macro and
 * g_variant_lookup is variadic. Every function is prefixed `temper_` and does one thing.
 */

#include <stdbool.h>
#include <stdint.h>

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
 * object. Works for "notify", "device-added", "device-removed", "g-properties-changed",
 * "notify::g-name-owner" and a GDBusConnection's "closed". Returns the handler id (0 on failure). */
unsigned long temper_signal_connect(void *object, const char *signal, TemperChangedCallback callback, void *context);
void temper_signal_disconnect(void *object, unsigned long handler_id);

/* Creates a GDBusProxy on the system bus for power-profiles-daemon under `bus_name` (with its object path and
 * interface named the same). Returns NULL and sets *error_message (free with g_free) when there is no bus. */
void *temper_power_profiles_proxy_new(const char *bus_name, const char *object_path, char **error_message);

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

/* Opens (or shares) the system bus connection with exit-on-close turned off, so a vanished bus never
 * terminates the process. Returns a new reference, or NULL with *error_message set (free with g_free). */
void *temper_system_bus_open(char **error_message);
/* Whether that connection has closed (the bus went away). */
bool temper_system_bus_is_closed(void *connection);

/* Creates the UpClient (up_client_new_full) on the calling thread's default main context. Returns NULL with
 * *error_message set (free with g_free) when there is no bus. */
void *temper_up_client_new(char **error_message);
/* The display device (a new reference) or NULL when the daemon does not answer. */
void *temper_up_client_display_device(void *client);
/* Every battery UPower knows, as new references in a NULL-terminated array (free with
 * temper_object_array_free). */
void **temper_up_client_batteries(void *client);
void temper_object_array_free(void **objects);

#endif
