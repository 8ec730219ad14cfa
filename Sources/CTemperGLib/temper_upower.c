#include "temper_glib.h"
#include "temper_private.h"
#include <libupower-glib/upower.h>
#include <gio/gio.h>

void temper_up_client_read(void *client, TemperUpClientInfo *info) {
    gboolean on_battery = FALSE, lid_closed = FALSE, lid_present = FALSE;
    gchar *version = NULL;
    g_object_get(client,
                 "on-battery", &on_battery,
                 "lid-is-closed", &lid_closed,
                 "lid-is-present", &lid_present,
                 "daemon-version", &version,
                 NULL);
    info->on_battery = on_battery;
    info->lid_is_closed = lid_closed;
    info->lid_is_present = lid_present;
    info->daemon_version = version;
}

void temper_up_client_info_clear(TemperUpClientInfo *info) {
    g_clear_pointer(&info->daemon_version, g_free);
}

void temper_up_device_read(void *device, TemperUpDeviceInfo *info) {
    gchar *native_path = NULL, *model = NULL, *vendor = NULL, *serial = NULL;
    guint kind = 0, state = 0, warning_level = 0, technology = 0;
    gboolean is_present = FALSE, power_supply = FALSE, online = FALSE;
    gdouble percentage = 0, energy_rate = 0, energy = 0, energy_full = 0, energy_full_design = 0, capacity = 0;
    gint64 time_to_empty = 0, time_to_full = 0;
    g_object_get(device,
                 "native-path", &native_path,
                 "kind", &kind,
                 "state", &state,
                 "warning-level", &warning_level,
                 "is-present", &is_present,
                 "power-supply", &power_supply,
                 "online", &online,
                 "percentage", &percentage,
                 "energy-rate", &energy_rate,
                 "energy", &energy,
                 "energy-full", &energy_full,
                 "energy-full-design", &energy_full_design,
                 "capacity", &capacity,
                 "model", &model,
                 "vendor", &vendor,
                 "serial", &serial,
                 "technology", &technology,
                 "time-to-empty", &time_to_empty,
                 "time-to-full", &time_to_full,
                 NULL);
    info->native_path = native_path;
    info->kind = kind;
    info->state = state;
    info->warning_level = warning_level;
    info->is_present = is_present;
    info->power_supply = power_supply;
    info->online = online;
    info->percentage = percentage;
    info->energy_rate = energy_rate;
    info->energy = energy;
    info->energy_full = energy_full;
    info->energy_full_design = energy_full_design;
    info->capacity = capacity;
    info->model = model;
    info->vendor = vendor;
    info->serial = serial;
    info->object_path = g_strdup(up_device_get_object_path(UP_DEVICE(device)));
    info->technology = technology;
    info->time_to_empty = time_to_empty;
    info->time_to_full = time_to_full;
}

void temper_up_device_info_clear(TemperUpDeviceInfo *info) {
    g_clear_pointer(&info->native_path, g_free);
    g_clear_pointer(&info->model, g_free);
    g_clear_pointer(&info->vendor, g_free);
    g_clear_pointer(&info->serial, g_free);
    g_clear_pointer(&info->object_path, g_free);
}

const char *temper_up_device_state_name(unsigned int state) {
    return up_device_state_to_string((UpDeviceState)state);
}

const char *temper_up_device_kind_name(unsigned int kind) {
    return up_device_kind_to_string((UpDeviceKind)kind);
}

const char *temper_up_device_technology_name(unsigned int technology) {
    return up_device_technology_to_string((UpDeviceTechnology)technology);
}

unsigned int temper_up_device_kind_battery(void) {
    return UP_DEVICE_KIND_BATTERY;
}

bool temper_power_profiles_read(void *proxy, char **active_profile, char **performance_degraded) {
    *active_profile = NULL;
    *performance_degraded = NULL;
    if (proxy == NULL) return false;
    gchar *owner = g_dbus_proxy_get_name_owner(proxy);
    if (owner == NULL) return false;
    g_free(owner);
    GVariant *profile = g_dbus_proxy_get_cached_property(proxy, "ActiveProfile");
    if (profile == NULL) return false;
    if (g_variant_is_of_type(profile, G_VARIANT_TYPE_STRING)) {
        *active_profile = g_variant_dup_string(profile, NULL);
    }
    g_variant_unref(profile);
    GVariant *degraded = g_dbus_proxy_get_cached_property(proxy, "PerformanceDegraded");
    if (degraded != NULL) {
        if (g_variant_is_of_type(degraded, G_VARIANT_TYPE_STRING)) {
            *performance_degraded = g_variant_dup_string(degraded, NULL);
        }
        g_variant_unref(degraded);
    }
    return *active_profile != NULL;
}

bool temper_power_profiles_list(void *proxy, char ***names, char ***drivers) {
    *names = NULL;
    *drivers = NULL;
    if (proxy == NULL) return false;
    GVariant *profiles = g_dbus_proxy_get_cached_property(proxy, "Profiles");
    if (profiles == NULL) return false;
    if (!g_variant_is_of_type(profiles, G_VARIANT_TYPE("aa{sv}"))) {
        g_variant_unref(profiles);
        return false;
    }
    GPtrArray *name_list = g_ptr_array_new();
    GPtrArray *driver_list = g_ptr_array_new();
    GVariantIter iter;
    GVariant *entry;
    g_variant_iter_init(&iter, profiles);
    while ((entry = g_variant_iter_next_value(&iter)) != NULL) {
        const char *name = NULL, *driver = NULL;
        if (g_variant_lookup(entry, "Profile", "&s", &name)) {
            if (!g_variant_lookup(entry, "Driver", "&s", &driver)) driver = "";
            g_ptr_array_add(name_list, g_strdup(name));
            g_ptr_array_add(driver_list, g_strdup(driver));
        }
        g_variant_unref(entry);
    }
    g_variant_unref(profiles);
    g_ptr_array_add(name_list, NULL);
    g_ptr_array_add(driver_list, NULL);
    *names = (char **)g_ptr_array_free(name_list, FALSE);
    *drivers = (char **)g_ptr_array_free(driver_list, FALSE);
    return true;
}

void *temper_up_client_new(char **error_message) {
    GError *error = NULL;
    UpClient *client = up_client_new_full(NULL, &error);
    if (client == NULL) {
        temper_set_error(error_message, error);
    }
    return client;
}

void *temper_up_client_display_device(void *client) {
    return client != NULL ? up_client_get_display_device(UP_CLIENT(client)) : NULL;
}

/* A battery that powers the host (its own, not a HID device's). */
static gboolean powers_the_host(guint kind, gboolean power_supply) {
    return kind == UP_DEVICE_KIND_BATTERY && power_supply;
}

/* A battery that powers nothing of the host's: a controller, mouse, headset… (not line power, not unknown). */
static gboolean is_peripheral(guint kind, gboolean power_supply) {
    return !power_supply && kind != UP_DEVICE_KIND_LINE_POWER && kind != UP_DEVICE_KIND_UNKNOWN;
}

/* The client's devices that `keep` accepts, each referenced, in a NULL-terminated array. */
static void **devices_where(void *client, gboolean (*keep)(guint kind, gboolean power_supply)) {
    GPtrArray *result = g_ptr_array_new();
    GPtrArray *devices = client != NULL ? up_client_get_devices2(UP_CLIENT(client)) : NULL;
    if (devices != NULL) {
        for (guint index = 0; index < devices->len; index++) {
            UpDevice *device = g_ptr_array_index(devices, index);
            guint kind = 0;
            gboolean power_supply = FALSE;
            g_object_get(device, "kind", &kind, "power-supply", &power_supply, NULL);
            if (keep(kind, power_supply)) g_ptr_array_add(result, g_object_ref(device));
        }
        g_ptr_array_unref(devices);
    }
    g_ptr_array_add(result, NULL);
    return (void **)g_ptr_array_free(result, FALSE);
}

void **temper_up_client_peripherals(void *client) {
    return devices_where(client, is_peripheral);
}

void **temper_up_client_batteries(void *client) {
    return devices_where(client, powers_the_host);
}
