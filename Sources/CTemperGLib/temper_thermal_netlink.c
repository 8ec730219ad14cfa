/* The kernel's thermal generic-netlink family: trip-point (and, on Linux >= 6.13, threshold) events as a
 * wake-up source. The protocol is the one tools/lib/thermal uses; the Swift side (TemperHost's
 * ThermalNetlinkSocket) resolves the "event" multicast group through the generic-netlink controller, and this
 * joins it and reads events on a GLib context. */
#include "temper_glib.h"
#include "temper_private.h"
#include <errno.h>
#include <glib-unix.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/thermal.h>
#include <sys/socket.h>
#include <unistd.h>

/* Threshold events (include/uapi/linux/thermal.h, Linux >= 6.13), written out for older headers. Adding,
 * deleting and flushing thresholds is bookkeeping (ours, as often as not); only a crossing wakes. */
enum {
    TEMPER_THERMAL_EVENT_THRESHOLD_ADD = 15,
    TEMPER_THERMAL_EVENT_THRESHOLD_DELETE = 16,
    TEMPER_THERMAL_EVENT_THRESHOLD_FLUSH = 17,
};

typedef struct {
    int fd;
    TemperWakeCallback callback;
    void *context;
} TemperThermalWatch;

/* Reads every pending message; calls back once if any was a trip or threshold event. */
static gboolean temper_thermal_readable(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    TemperThermalWatch *watch = data;
    bool wake = false;
    char buffer[8192];
    for (;;) {
        ssize_t length = recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (length <= 0) break;
        for (struct nlmsghdr *header = (struct nlmsghdr *)buffer; NLMSG_OK(header, (size_t)length);
             header = NLMSG_NEXT(header, length)) {
            if (header->nlmsg_len < NLMSG_LENGTH(GENL_HDRLEN)) continue;
            struct genlmsghdr *genl = NLMSG_DATA(header);
            /* Fans and CPU capacity move all the time; the zone events are what a tier depends on. */
            switch (genl->cmd) {
            case THERMAL_GENL_EVENT_CDEV_STATE_UPDATE:
            case THERMAL_GENL_EVENT_CPU_CAPABILITY_CHANGE:
            case TEMPER_THERMAL_EVENT_THRESHOLD_ADD:
            case TEMPER_THERMAL_EVENT_THRESHOLD_DELETE:
            case TEMPER_THERMAL_EVENT_THRESHOLD_FLUSH:
                break;
            default:
                wake = true;
            }
        }
    }
    if (wake) watch->callback(watch->context);
    return G_SOURCE_CONTINUE;
}

static void temper_thermal_watch_free(gpointer data) {
    TemperThermalWatch *watch = data;
    close(watch->fd);
    g_free(watch);
}

unsigned int temper_thermal_events_watch(unsigned int group, TemperWakeCallback callback, void *context, char **error_message) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
    if (fd < 0) {
        if (error_message != NULL) *error_message = g_strdup_printf("no generic netlink socket: %s", g_strerror(errno));
        return 0;
    }
    if (setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group, sizeof group) < 0) {
        if (error_message != NULL) *error_message = g_strdup_printf("cannot join the thermal event group: %s", g_strerror(errno));
        close(fd);
        return 0;
    }
    TemperThermalWatch *watch = g_new0(TemperThermalWatch, 1);
    watch->fd = fd;
    watch->callback = callback;
    watch->context = context;
    GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
    g_source_set_callback(source, (GSourceFunc)(void (*)(void))temper_thermal_readable, watch, temper_thermal_watch_free);
    unsigned int id = g_source_attach(source, g_main_context_get_thread_default());
    g_source_unref(source);
    return id;
}

void temper_thermal_events_unwatch(unsigned int source_id) {
    if (source_id == 0) return;
    GSource *source = g_main_context_find_source_by_id(g_main_context_get_thread_default(), source_id);
    if (source != NULL) g_source_destroy(source);
}
