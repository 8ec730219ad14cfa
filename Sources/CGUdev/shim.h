#include <gudev/gudev.h>
