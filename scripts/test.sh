#!/usr/bin/env bash
# The one test command (npm test): typecheck, lint, unit tests, API tests on SQLite and on a
# real PostgreSQL server, then the browser tests in Debian's Chromium against the built app.
# Nothing is skipped: a missing PostgreSQL, Chromium or poppler-utils (the PDF reports' checks)
# is installed (Debian, as root) or the run fails saying how to get it.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="$PWD/.test-out"
rm -rf "$OUT" && mkdir -p "$OUT"
# Each step prints the seconds since the start, so a slow step shows in the log.
step() { printf '\n=== %s (at %ss)\n' "$*" "$SECONDS"; }
cleanup_tasks=()
cleanup() { for task in "${cleanup_tasks[@]}"; do eval "$task" || true; done; }
trap cleanup EXIT

# Runs the named npm scripts at once (each uses about one core), prints each one's output after
# it, and fails if any failed. An interrupted run stops them too (cleanup).
side_by_side() {
  local names=("$@") pids=() i failed=0
  for i in "${!names[@]}"; do
    npm run --silent "${names[$i]}" > "$OUT/${names[$i]}.log" 2>&1 &
    pids+=($!)
    cleanup_tasks+=("kill ${pids[$i]} 2>/dev/null")
  done
  for i in "${!names[@]}"; do
    wait "${pids[$i]}" || { failed=1; echo "--- npm run ${names[$i]} failed:"; }
    cat "$OUT/${names[$i]}.log"
  done
  return $failed
}

step "Typecheck and lint, side by side"
side_by_side typecheck lint

step "Unit tests (domain rules)"
npx vitest run --config vitest.unit.config.ts --reporter=default --reporter=json --outputFile="$OUT/unit.json"

step "Unit tests (web app)"
npx vitest run --config apps/web/vitest.config.ts --reporter=default --reporter=json --outputFile="$OUT/web.json"

step "API tests on SQLite"
bash scripts/ensure-poppler.sh
npx vitest run --config apps/server/vitest.config.ts --reporter=default --reporter=json --outputFile="$OUT/api-sqlite.json"

step "API tests on PostgreSQL"
source scripts/ensure-postgres.sh
TEST_DATABASE_URL="$PG_TEST_URL" npx vitest run --config apps/server/vitest.config.ts --reporter=default --reporter=json --outputFile="$OUT/api-postgres.json"

step "Build the web app"
npm run --silent build

step "Benchmark (smoke run: proves npm run bench works; targets are judged by a full run)"
# Its Lighthouse audit runs in Debian's Chromium, like the browser tests.
bash scripts/ensure-chromium.sh
npm run --silent bench -- --smoke

step "Browser tests in Chromium"
E2E_PORT=${E2E_PORT:-3199}
E2E_DATA=$(mktemp -d /tmp/preffy-e2e.XXXXXX)
# Browser tests read the dashboard chart and analytics right after writing: nothing is kept.
PORT=$E2E_PORT HOST=127.0.0.1 DATA_DIR="$E2E_DATA" PUBLIC_URL="http://127.0.0.1:$E2E_PORT" \
  ADMIN_EMAIL=admin@preffy.test ADMIN_PASSWORD=admin-password-123 LOG_LEVEL=warn AGGREGATES_CACHE_SECONDS=0 \
  node --import tsx apps/server/src/server.ts > "$OUT/e2e-server.log" 2>&1 &
server_pid=$!
cleanup_tasks+=("kill $server_pid; rm -rf '$E2E_DATA'")
for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:$E2E_PORT/healthz" > /dev/null 2>&1 && break
  kill -0 "$server_pid" 2> /dev/null || { cat "$OUT/e2e-server.log"; echo "The server did not start"; exit 1; }
  sleep 0.5
done
E2E_BASE_URL="http://127.0.0.1:$E2E_PORT" npx playwright test -c e2e/playwright.config.ts

step "Summary"
node scripts/test-summary.mjs "$OUT"
