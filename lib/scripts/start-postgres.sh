#!/usr/bin/env bash
# A throwaway PostgreSQL server on loopback for the API tests (README "Tests"; `npm test` and
# .ci/run call it). Installs Debian's `postgresql` when no server binaries are found, creates a
# cluster with initdb on first use and starts it as the `postgres` user.
#
#   start-postgres.sh [start] [DIR]   start (or find the running) server; the LAST line of stdout
#                                     is its URL, e.g. postgres://postgres@127.0.0.1:54329/postgres
#   start-postgres.sh url [DIR]       print the URL of the running server
#   start-postgres.sh status [DIR]    exit 0 when it runs
#   start-postgres.sh stop [DIR]      stop it (the cluster stays for a fast next start)
#   start-postgres.sh clean [DIR]     stop it and delete the cluster
#
# DIR defaults to $PG_TEST_DIR or ${TMPDIR:-/tmp}/dental-booking-postgres; the port to
# $PG_TEST_PORT or 54329 (the next free one when taken). Only 127.0.0.1 listens, with trust
# authentication: it is a test server holding nothing but test data. Safe to run repeatedly.
set -euo pipefail

command=${1:-start}
case "$command" in
  start | url | status | stop | clean) shift || true ;;
  -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
  *) command=start ;; # `start-postgres.sh DIR` is read as `start DIR`
esac
base=${1:-${PG_TEST_DIR:-${TMPDIR:-/tmp}/dental-booking-postgres}}
base=$(realpath -m "$base")
data="$base/data"
first_port=${PG_TEST_PORT:-54329}

say() { printf '%s\n' "$*" >&2; }
die() { say "start-postgres: $*"; exit 1; }

# Server binaries: Debian keeps them in /usr/lib/postgresql/<version>/bin, off the PATH.
find_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return; fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/pg_ctl" ]; then pg_config --bindir; return; fi
  if command -v pg_ctl >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v pg_ctl)")"; return; fi
}

bindir=$(find_bindir)
if [ -z "$bindir" ]; then
  case "$command" in
    stop) say "PostgreSQL is not installed: nothing to stop."; exit 0 ;;
    clean) rm -rf "$base" "$base.lock"; exit 0 ;;
    status | url) die "PostgreSQL is not installed." ;;
  esac
  [ "$(id -u)" = 0 ] || die "PostgreSQL is not installed; run this as root to install Debian's postgresql package, or install it yourself."
  say "Installing Debian's postgresql package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bindir=$(find_bindir)
  [ -n "$bindir" ] || die "postgresql was installed but pg_ctl was not found under /usr/lib/postgresql."
fi

# PostgreSQL refuses to run as root: as root, every server command runs as `postgres`.
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  fi
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi
pg_ctl() { as_owner "$bindir/pg_ctl" -D "$data" "$@"; }

running() { [ -f "$data/PG_VERSION" ] && pg_ctl status >/dev/null 2>&1; }
port_of() { cat "$base/port" 2>/dev/null || echo "$first_port"; }
url_of() { echo "postgres://postgres@127.0.0.1:$(port_of)/postgres"; }
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

case "$command" in
  status)
    if running; then say "PostgreSQL runs in $data on port $(port_of)."; exit 0; fi
    say "PostgreSQL is not running in $data."; exit 1 ;;
  url)
    running || die "PostgreSQL is not running in $data; run: $0 start"
    url_of; exit 0 ;;
  stop | clean)
    if running; then pg_ctl -m fast -w stop >&2; fi
    if [ "$command" = clean ]; then rm -rf "$base" "$base.lock"; say "Removed $base."; fi
    exit 0 ;;
esac

mkdir -p "$base"
# Two starts at once (say, two terminals) must not both run initdb or pick the same port.
exec 9>"$base.lock"
flock 9

if running; then
  say "PostgreSQL already runs in $data."
  url_of
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  chown postgres: "$base"
  as_owner test -w "$base" -a -x "$base" ||
    die "the postgres user cannot use $base (a parent folder is closed to it); pick a folder under /tmp."
fi
if [ ! -f "$data/PG_VERSION" ]; then
  rm -rf "$data"
  say "Creating a PostgreSQL cluster in $data ($("$bindir/postgres" --version))..."
  as_owner "$bindir/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=trust \
    --encoding=UTF8 --locale=C.UTF-8 >"$base/initdb.log" 2>&1 ||
    as_owner "$bindir/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=trust \
      --encoding=UTF8 --locale=C >"$base/initdb.log" 2>&1 ||
    { cat "$base/initdb.log" >&2; die "initdb failed (log above)."; }
fi
mkdir -p "$base/socket"
if [ "$(id -u)" = 0 ]; then chown postgres: "$base/socket"; fi

port=$first_port
while port_in_use "$port"; do
  port=$((port + 1))
  [ "$port" -lt $((first_port + 100)) ] || die "no free port between $first_port and $((first_port + 99))."
done

# Test data is disposable, so durability is traded for speed (each test file creates and drops
# a database). The socket lives in the cluster's folder: /var/run/postgresql may not exist.
options="-c listen_addresses=127.0.0.1 -p $port -k $base/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
# 9>&-: the server must not inherit the start lock, or it would hold it for its whole life.
if ! pg_ctl -w -t 60 -l "$base/server.log" -o "$options" start >&2 9>&-; then
  tail -n 30 "$base/server.log" >&2 || true
  die "the server did not start (log above, full log in $base/server.log)."
fi
echo "$port" >"$base/port"
say "PostgreSQL runs in $data on 127.0.0.1:$port. Stop it with: $0 stop${1:+ $base}"
url_of
