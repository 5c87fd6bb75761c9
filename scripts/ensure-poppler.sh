#!/usr/bin/env bash
# The report tests read the PDFs they download with Debian's poppler-utils (pdftotext, pdftoppm):
# a PDF is checked as a reader sees it, not by its bytes.
set -euo pipefail
command -v pdftotext > /dev/null && command -v pdftoppm > /dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
  echo "poppler-utils is missing: installing it with apt-get"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils > /dev/null
else
  echo "The report tests need pdftotext and pdftoppm (Debian: sudo apt-get install poppler-utils)." >&2
  exit 1
fi
