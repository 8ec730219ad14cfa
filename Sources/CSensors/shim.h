#include <stdio.h>
#include <sensors/sensors.h>
#include <sensors/error.h>
