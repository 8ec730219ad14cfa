/* The kernel's thermal generic-netlink family: trip-point (and, on Linux >= 6.13, threshold) events as a
 * wake-up source. The protocol is the one tools/lib/thermal uses: resolve the "thermal" family and its
 * "event" multicast group through the generic-netlink controller, join the group, read events. */
#include "temper_dbus.h"
#include <errno.h>
#include <glib-unix.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/thermal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Threshold events (include/uapi/linux/thermal.h, Linux >= 6.13), written out for older headers. Adding,
 * deleting and flushing thresholds is bookkeeping (ours, as often as not); only a crossing wakes. */
enum {
    TEMPER_THERMAL_EVENT_THRESHOLD_ADD = 15,
    TEMPER_THERMAL_EVENT_THRESHOLD_DELETE = 16,
    TEMPER_THERMAL_EVENT_THRESHOLD_FLUSH = 17,
};

/* Asks the controller for the family; returns the "event" group's id, or -1. */
static int temper_thermal_event_group(int fd) {
    struct {
        struct nlmsghdr header;
        struct genlmsghdr genl;
        char attributes[64];
    } request;
    memset(&request, 0, sizeof request);
    struct nlattr *name = (struct nlattr *)request.attributes;
    name->nla_type = CTRL_ATTR_FAMILY_NAME;
    name->nla_len = NLA_HDRLEN + sizeof THERMAL_GENL_FAMILY_NAME;
    memcpy((char *)name + NLA_HDRLEN, THERMAL_GENL_FAMILY_NAME, sizeof THERMAL_GENL_FAMILY_NAME);
    request.header.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN + NLA_ALIGN(name->nla_len));
    request.header.nlmsg_type = GENL_ID_CTRL;
    request.header.nlmsg_flags = NLM_F_REQUEST;
    request.header.nlmsg_seq = 1;
    request.genl.cmd = CTRL_CMD_GETFAMILY;
    request.genl.version = 1;
    if (send(fd, &request, request.header.nlmsg_len, 0) < 0) return -1;

    char reply[8192];
    ssize_t length = recv(fd, reply, sizeof reply, 0);
    if (length < (ssize_t)NLMSG_HDRLEN) return -1;
    struct nlmsghdr *header = (struct nlmsghdr *)reply;
    if (!NLMSG_OK(header, (size_t)length) || header->nlmsg_type == NLMSG_ERROR) return -1;
    char *cursor = (char *)NLMSG_DATA(header) + GENL_HDRLEN;
    char *end = (char *)header + header->nlmsg_len;
    while (cursor + NLA_HDRLEN <= end) {
        struct nlattr *attribute = (struct nlattr *)cursor;
        if (attribute->nla_len < NLA_HDRLEN || cursor + attribute->nla_len > end) break;
        if ((attribute->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_MCAST_GROUPS) {
            char *group = cursor + NLA_HDRLEN;
            char *groups_end = cursor + attribute->nla_len;
            while (group + NLA_HDRLEN <= groups_end) {
                struct nlattr *entry = (struct nlattr *)group;
                if (entry->nla_len < NLA_HDRLEN) break;
                int id = -1;
                bool is_event = false;
                char *field = group + NLA_HDRLEN;
                char *entry_end = group + entry->nla_len;
                while (field + NLA_HDRLEN <= entry_end) {
                    struct nlattr *value = (struct nlattr *)field;
                    if (value->nla_len < NLA_HDRLEN) break;
                    if (value->nla_type == CTRL_ATTR_MCAST_GRP_ID) id = *(int *)(field + NLA_HDRLEN);
                    if (value->nla_type == CTRL_ATTR_MCAST_GRP_NAME) {
                        is_event = strcmp(field + NLA_HDRLEN, THERMAL_GENL_EVENT_GROUP_NAME) == 0;
                    }
                    field += NLA_ALIGN(value->nla_len);
                }
                if (is_event) return id;
                group += NLA_ALIGN(entry->nla_len);
            }
        }
        cursor += NLA_ALIGN(attribute->nla_len);
    }
    return -1;
}

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

unsigned int temper_thermal_events_watch(TemperWakeCallback callback, void *context, char **error_message) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
    if (fd < 0) {
        if (error_message != NULL) *error_message = g_strdup_printf("no generic netlink socket: %s", g_strerror(errno));
        return 0;
    }
    int group = temper_thermal_event_group(fd);
    if (group < 0 || setsockopt(fd, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group, sizeof group) < 0) {
        if (error_message != NULL) *error_message = g_strdup("the kernel has no thermal netlink family");
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
