#include <libupower-glib/upower.h>
