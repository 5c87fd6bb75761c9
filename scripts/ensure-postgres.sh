# Sourced by scripts/test.sh: sets PG_TEST_URL to a PostgreSQL server for the API tests.
# Uses TEST_DATABASE_URL when given; otherwise starts a throwaway cluster (installing
# PostgreSQL with apt-get on Debian as root when it is missing) and stops it on exit.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  PG_TEST_URL=$TEST_DATABASE_URL
  return 0
fi
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1; }
if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "PostgreSQL is missing: installing it with apt-get"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null
  else
    echo "PostgreSQL is needed for the API tests. Install it (Debian: sudo apt-get install postgresql)" >&2
    echo "or point TEST_DATABASE_URL at a server where the user may create databases." >&2
    exit 1
  fi
fi
PGBIN=$(pg_bin)
PGTMP=$(mktemp -d /tmp/preffy-pg.XXXXXX)
PGPORT_TEST=${PGPORT_TEST:-55432}
as_pg=()
if [ "$(id -u)" = 0 ]; then
  # initdb and pg_ctl refuse to run as root.
  chown postgres:postgres "$PGTMP"
  as_pg=(runuser -u postgres --)
fi
"${as_pg[@]}" "$PGBIN/initdb" -D "$PGTMP/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 > "$PGTMP/initdb.log"
"${as_pg[@]}" "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/log" -w \
  -o "-p $PGPORT_TEST -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start > /dev/null
cleanup_tasks+=("${as_pg[*]} $PGBIN/pg_ctl -D $PGTMP/data -m fast stop > /dev/null; rm -rf $PGTMP")
PG_TEST_URL="postgres://postgres@127.0.0.1:$PGPORT_TEST/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') running on port $PGPORT_TEST"
