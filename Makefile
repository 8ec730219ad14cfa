# make                    the release build of temper that install and deb ship (scripts/build-release.sh)
# make install            installs it under PREFIX (default /usr/local); DESTDIR stages it elsewhere
# make uninstall          removes what install put there
# make deb                a Debian package in OUTDIR (default .build/deb)
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
OUTDIR ?= .build/deb
BINARY := .build/release/temper

.PHONY: all build install uninstall deb

all: build

build:
	scripts/build-release.sh >/dev/null

install: build
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --binary "$(BINARY)" --strip

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/temper"
	rm -rf "$(DESTDIR)$(PREFIX)/share/temper"
	rm -f "$(DESTDIR)$(PREFIX)/share/dbus-1/system.d/org.temper.Temper1.conf" \
	      "$(DESTDIR)$(PREFIX)/share/dbus-1/system-services/org.temper.Temper1.service" \
	      "$(DESTDIR)$(PREFIX)/share/dbus-1/interfaces/org.temper.Temper1.xml" \
	      "$(DESTDIR)$(PREFIX)/lib/systemd/system/temper.service"

deb: build
	TEMPER_BINARY="$(BINARY)" scripts/package-deb.sh "$(OUTDIR)"
