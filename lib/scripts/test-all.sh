#!/usr/bin/env bash
# `npm test`: every test, from a fresh clone. Installs what it needs (npm packages, Debian's
# chromium, chromium-headless-shell and postgresql when missing; never a browser download), then runs
#   1. ESLint, Prettier, knip, the type check and the dependency rules, so a mistake fails in
#      the first minutes,
#   2. unit + API tests on embedded PGlite,
#   3. the same suite on a real PostgreSQL server started on loopback,
#   4. the production build, then the end-to-end tests in headless Chromium and, beside them,
#      two server processes on that PostgreSQL.
# Ends with one line "N passed, N failed" summing the test steps.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
REPORTS="$ROOT/.test-reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export NEXT_TELEMETRY_DISABLED=1

STARTED=$SECONDS
# Each step says when it started, so a slow step shows in the log.
step() { printf '\n\033[1m== %s\033[0m (at %dm%02ds)\n' "$*" $(((SECONDS - STARTED) / 60)) $(((SECONDS - STARTED) % 60)); }

step "Installing npm packages"
npm install --no-audit --no-fund --loglevel=error || { echo "npm install failed"; exit 1; }

apt_updated=0
apt_install() {
  if [ "$(id -u)" != 0 ]; then echo "Need root to install $* (or install it yourself)"; return 1; fi
  if [ $apt_updated = 0 ]; then apt-get update -qq >/dev/null && apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
if ! command -v chromium >/dev/null 2>&1; then
  step "Installing Debian's chromium"
  apt_install chromium || exit 1
fi
# The end-to-end tests run in the headless shell, as Playwright runs headless Chromium: the same
# engine at about half the CPU per page. Without it they run in the full browser, only slower.
if ! command -v chromium-headless-shell >/dev/null 2>&1; then
  step "Installing Debian's chromium-headless-shell"
  apt_install chromium-headless-shell || echo "(the end-to-end tests will use the full chromium)"
fi

status=0

step "Lint, format, unused code and types"
# The four checks are independent and mostly single-threaded: they run side by side, and their
# output is printed in order once all have finished.
CHECKS="$REPORTS/checks" && mkdir -p "$CHECKS"
npx eslint . >"$CHECKS/eslint.log" 2>&1 & eslint_pid=$!
npx tsc --noEmit >"$CHECKS/tsc.log" 2>&1 & tsc_pid=$!
{
  npx prettier --check . --log-level warn; formatted=$?
  npx knip && exit $formatted
} >"$CHECKS/prettier-knip.log" 2>&1 & rest_pid=$!
lint_ok=1
types_ok=1
wait $eslint_pid || lint_ok=0
wait $tsc_pid || { lint_ok=0; types_ok=0; }
wait $rest_pid || lint_ok=0
cat "$CHECKS/eslint.log" "$CHECKS/prettier-knip.log" "$CHECKS/tsc.log"
if [ $lint_ok = 0 ]; then echo "Lint, format, unused code or type check failed"; status=1; fi

step "Unit and API tests on embedded PGlite"
npx vitest run --config lib/testing/vitest.config.ts \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pglite.json" || status=1

step "API tests on PostgreSQL"
# Only the files that open a database (through lib/testing/test-db.ts or lib/testing/v4.ts): the
# others run the same code on either database, and already ran above.
mapfile -t PG_FILES < <(grep -rlE "testing/(test-db|v4)['\"]|TEST_DATABASE_URL" \
  --include='*.test.ts' --include='*.test.tsx' lib app components | grep -vE 'two-processes|dependency-rules' | sort)
PG_URL=$(bash lib/scripts/start-postgres.sh start | tail -n 1)
if [[ "$PG_URL" == postgres* ]]; then
  TEST_DATABASE_URL="$PG_URL" npx vitest run --config lib/testing/vitest.config.ts "${PG_FILES[@]}" \
    --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-postgres.json" || status=1
else
  echo "PostgreSQL did not start: $PG_URL"; status=1
fi

step "Production build"
# tsc checked the types above; the build skips its own second check when that passed.
if TYPES_CHECKED=$types_ok npx next build; then
  two_processes=
  if [[ "$PG_URL" == postgres* ]]; then
    # Beside the end-to-end tests: most of its two minutes is waiting for a recurring job's next
    # ticks, with the cores free. Its report follows theirs.
    step "Two server processes on one PostgreSQL (started beside the end-to-end tests)"
    TWO_PROCESS_DATABASE_URL="$PG_URL" npx vitest run --config lib/testing/vitest.config.ts lib/custom-server/two-processes.test.ts \
      --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-two-processes.json" \
      >"$REPORTS/two-processes.log" 2>&1 &
    two_processes=$!
  fi
  step "End-to-end tests in headless Chromium"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" \
    npx playwright test --config e2e/playwright.config.ts --reporter=list,json || status=1
  if [ -n "$two_processes" ]; then
    step "Two server processes on one PostgreSQL"
    wait "$two_processes" || status=1
    cat "$REPORTS/two-processes.log"
  fi
else
  echo "Build failed"; status=1
fi
bash lib/scripts/start-postgres.sh stop >/dev/null 2>&1 || true

step "Summary"
node lib/scripts/summarize-tests.mjs "$REPORTS" || status=1
exit $status
