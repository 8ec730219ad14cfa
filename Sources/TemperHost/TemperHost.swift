// The Linux edge: libsensors, kernel thermal zones, UPower and power-profiles-daemon.
