# make                    the release builds of temper and libtemper that install and deb ship
#                         (scripts/build-release.sh, scripts/build-library.sh)
# make install            installs them, the man pages, shell completions, temper.h and temper.pc under PREFIX
#                         (default /usr/local; the library in LIBDIR, default PREFIX/lib); DESTDIR stages it elsewhere
# make uninstall          removes what install put there
# make deb                the Debian packages in OUTDIR (default .build/deb): temper, libtemper1, libtemper-dev
# make deb-check          those packages through lintian (no error or warning), then installed (a C program built
#                         against the library), removed and purged in a scratch Debian root (scripts/test-deb.sh;
#                         root, debootstrap)
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
OUTDIR ?= .build/deb
LIBDIR ?= $(PREFIX)/lib
BINARY := .build/release/temper
ABI := $(shell sed -n 's/^\#define TEMPER_ABI_VERSION \([0-9][0-9]*\)$$/\1/p' Sources/TemperC/include/temper.h)
LIBRARY := .build-library/libtemper.so.$(ABI)

.PHONY: all build install uninstall deb deb-check

all: build

build:
	scripts/build-release.sh >/dev/null
	scripts/build-library.sh >/dev/null

install: build
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --binary "$(BINARY)" --library "$(LIBRARY)" \
	  --libdir "$(LIBDIR)" --strip

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/temper"
	rm -rf "$(DESTDIR)$(PREFIX)/share/temper"
	rm -f "$(DESTDIR)$(PREFIX)/share/dbus-1/system.d/org.temper.Temper1.conf" \
	      "$(DESTDIR)$(PREFIX)/share/dbus-1/system-services/org.temper.Temper1.service" \
	      "$(DESTDIR)$(PREFIX)/share/dbus-1/interfaces/org.temper.Temper1.xml" \
	      "$(DESTDIR)$(PREFIX)/lib/systemd/system/temper.service" \
	      "$(DESTDIR)$(PREFIX)/lib/systemd/user/temper-feedbackd.service" \
	      "$(DESTDIR)$(PREFIX)/lib/sysusers.d/temper.conf" \
	      "$(DESTDIR)$(PREFIX)/share/polkit-1/actions/org.temper.Temper1.policy" \
	      "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/temper" \
	      "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_temper" \
	      "$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_temper" \
	      "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/temper.fish"
	rm -f "$(DESTDIR)$(PREFIX)"/share/man/man1/temper.1* "$(DESTDIR)$(PREFIX)"/share/man/man1/temper-*.1*
	rm -f "$(DESTDIR)$(LIBDIR)/libtemper.so" "$(DESTDIR)$(LIBDIR)/libtemper.so.$(ABI)" \
	      "$(DESTDIR)$(LIBDIR)/pkgconfig/temper.pc" "$(DESTDIR)$(PREFIX)/include/temper.h"

deb: build
	TEMPER_BINARY="$(BINARY)" TEMPER_LIBRARY="$(LIBRARY)" scripts/package-deb.sh "$(OUTDIR)"

deb-check: build
	packages="$$(TEMPER_BINARY="$(BINARY)" TEMPER_LIBRARY="$(LIBRARY)" scripts/package-deb.sh "$(OUTDIR)")" && \
	  lintian --fail-on error,warning $$packages && \
	  scripts/test-deb.sh $$packages
