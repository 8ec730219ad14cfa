#include "temper_glib.h"
#include <gudev/gudev.h>

typedef struct {
    TemperUeventCallback callback;
    void *context;
} TemperUeventTarget;

static void temper_uevent(GUdevClient *client, const gchar *action, GUdevDevice *device, gpointer data) {
    (void)client;
    TemperUeventTarget *target = data;
    const gchar *subsystem = g_udev_device_get_subsystem(device);
    const gchar *path = g_udev_device_get_sysfs_path(device);
    target->callback(target->context, action != NULL ? action : "", subsystem != NULL ? subsystem : "",
                     path != NULL ? path : "");
}

static void temper_uevent_target_free(gpointer data, GClosure *closure) {
    (void)closure;
    g_free(data);
}

void *temper_udev_client_new(const char *const *subsystems, TemperUeventCallback callback, void *context) {
    GUdevClient *client = g_udev_client_new(subsystems);
    if (client == NULL) return NULL;
    TemperUeventTarget *target = g_new0(TemperUeventTarget, 1);
    target->callback = callback;
    target->context = context;
    g_signal_connect_data(client, "uevent", G_CALLBACK(temper_uevent), target, temper_uevent_target_free, 0);
    return client;
}
