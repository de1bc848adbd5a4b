#!/usr/bin/env bash
# Makes sure libfaketime is there: the scheduling test runs a server on a clock it moves itself.
# Installed with apt when running as root (like Chromium), explained otherwise.
set -euo pipefail
if compgen -G "/usr/lib/*/faketime/libfaketime.so.1" >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "libfaketime not found: installing Debian's faketime..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
  exit 0
fi
echo "libfaketime is needed for the scheduling test but was not found." >&2
echo "Install it with: sudo apt-get install -y faketime" >&2
exit 1
