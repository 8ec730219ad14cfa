#ifndef TEMPER_GOBJECT_H
#define TEMPER_GOBJECT_H
/* Shims for the GObject calls Swift cannot make (variadic g_object_get, signal macros). */
int temper_gobject_placeholder(void);
#endif
