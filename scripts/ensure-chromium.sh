#!/usr/bin/env bash
# Makes sure the browser the end-to-end tests drive is there. Playwright cannot download its own
# here, so Debian's chromium is used: installed with apt when running as root, explained otherwise.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $chromium: installing Debian's chromium..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is needed for the browser tests but was not found at $chromium." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
