#!/usr/bin/env bash
# The browser tests use Debian's Chromium at /usr/bin/chromium; Playwright never downloads one.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
  echo "Chromium is missing: installing it with apt-get"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
else
  echo "The browser tests need Chromium at /usr/bin/chromium (Debian: sudo apt-get install chromium)." >&2
  exit 1
fi
