/* What the shim's own files share, not for Swift. */
#ifndef TEMPER_PRIVATE_H
#define TEMPER_PRIVATE_H

#include <glib.h>

/* Sets *error_message (when asked for) to a copy of `error`'s message, and frees `error`. */
void temper_set_error(char **error_message, GError *error);

#endif
