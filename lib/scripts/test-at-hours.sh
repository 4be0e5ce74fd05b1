#!/usr/bin/env bash
# Runs the unit and API suite (embedded PGlite) with the clock set to instants where time-dependent
# code breaks first: a Friday evening in New York that is already Saturday in UTC, midnight UTC,
# the night the US clocks spring forward and the night they fall back, and New Year's Eve.
# libfaketime (Debian's `faketime`) moves the whole process's clock, PGlite's now() included, and
# lets it run on from there. PostgreSQL's server keeps the machine's clock, so this runs on PGlite.
#
#   bash lib/scripts/test-at-hours.sh [vitest file filters...]
#   INSTANTS="2026-11-27 21:00:00;2026-11-29 23:59:00" bash lib/scripts/test-at-hours.sh
#
# Not part of `npm test` (five runs of the suite); run it after changing anything that reads the
# clock: slots, reminders, booking windows, cancellation cut-offs, the demo seed.
set -uo pipefail
cd "$(dirname "$0")/../.."
LIB=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -n 1)
if [ -z "$LIB" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
    LIB=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 | head -n 1)
  else
    echo "Needs Debian's faketime package (apt-get install faketime)"; exit 1
  fi
fi
INSTANTS=${INSTANTS:-"2026-11-27 21:00:00;2026-11-29 23:59:00;2026-03-08 06:59:00;2026-11-01 05:59:00;2026-12-31 23:59:30"}
IFS=';' read -r -a instants <<< "$INSTANTS"
status=0
for instant in "${instants[@]}"; do
  printf '\n\033[1m== %s UTC\033[0m\n' "$instant"
  # TZ=UTC so the instant means UTC; the app's own time zones come from its data, not the machine.
  if ! TZ=UTC FAKETIME="@$instant" LD_PRELOAD="$LIB" npx vitest run --config lib/testing/vitest.config.ts "$@"; then
    echo "Failed at $instant UTC"; status=1
  fi
done
exit $status
