# make                    the release build of temper that install and deb ship (scripts/build-release.sh)
# make install            installs it, its man pages and shell completions under PREFIX (default /usr/local);
#                         DESTDIR stages it elsewhere
# make uninstall          removes what install put there
# make deb                a Debian package in OUTDIR (default .build/deb)
# make deb-check          that package through lintian (no error or warning), then installed, removed and purged
#                         in a scratch Debian root (scripts/test-deb.sh; root, debootstrap)
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
OUTDIR ?= .build/deb
BINARY := .build/release/temper

.PHONY: all build install uninstall deb deb-check

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
	      "$(DESTDIR)$(PREFIX)/lib/systemd/system/temper.service" \
	      "$(DESTDIR)$(PREFIX)/lib/systemd/user/temper-feedbackd.service" \
	      "$(DESTDIR)$(PREFIX)/lib/sysusers.d/temper.conf" \
	      "$(DESTDIR)$(PREFIX)/share/polkit-1/actions/org.temper.Temper1.policy" \
	      "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/temper" \
	      "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_temper" \
	      "$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_temper" \
	      "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/temper.fish"
	rm -f "$(DESTDIR)$(PREFIX)"/share/man/man1/temper.1*

deb: build
	TEMPER_BINARY="$(BINARY)" scripts/package-deb.sh "$(OUTDIR)"

deb-check: build
	package="$$(TEMPER_BINARY="$(BINARY)" scripts/package-deb.sh "$(OUTDIR)")" && \
	  lintian --fail-on error,warning "$$package" && \
	  scripts/test-deb.sh "$$package"
