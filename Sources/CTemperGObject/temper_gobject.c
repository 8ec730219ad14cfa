#include "temper_gobject.h"
#include <libupower-glib/upower.h>
int temper_gobject_placeholder(void) { return 0; }
