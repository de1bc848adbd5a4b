#!/usr/bin/env bash
# Makes sure the browsers the tests and audits drive are there. Playwright cannot download its own
# here, so Debian's are used: chromium (Lighthouse, screenshots) and chromium-headless-shell (the
# browser tests), installed with apt when running as root, explained otherwise.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$chromium" ] && [ -x "$shell" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium and chromium-headless-shell..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  exit 0
fi
if [ -x "$chromium" ]; then
  echo "chromium-headless-shell not found: the browser tests use $chromium (about twice as slow)." >&2
  echo "Install it with: sudo apt-get install -y chromium-headless-shell" >&2
  exit 0
fi
echo "Chromium is needed for the browser tests but was not found at $chromium." >&2
echo "Install it with: sudo apt-get install -y chromium chromium-headless-shell   (or set CHROMIUM_PATH)" >&2
exit 1
