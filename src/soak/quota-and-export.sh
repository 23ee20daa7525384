#!/usr/bin/env bash
# The demo's calendar quota and concurrency limit over real HTTP, in memory and then on a local 3+3 Redis Cluster
# (not run in CI): six GET /api/quota with one X-Api-Key (5 per calendar day in UTC: five 200s, then 429, each with
# the seconds to the next midnight UTC as the RateLimit field's t), and three concurrent GET /api/export?ms=1500
# from one address (2 in flight: two 200s and one 429).
#
#   ./mvnw -B -pl samples/demo -am package -DskipTests   # builds samples/demo/target/demo.jar
#   src/soak/quota-and-export.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR="$ROOT/samples/demo/target/demo.jar"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/limiter-quota-export.XXXXXX")
SCRIPT_NAME=quota-and-export
# shellcheck source=src/soak/lib.sh
. "$ROOT/src/soak/lib.sh"
require java curl redis-server redis-cli
[[ -f $JAR ]] || die "$JAR is missing: build it first (see the top of this script)"

start_demo() {
	local port=$1
	shift
	java -Xmx256m -jar "$JAR" --server.port="$port" "$@" >"$WORK/demo-$port.log" 2>&1 &
	APP_PIDS+=($!)
	for _ in $(seq 1 120); do
		listening "$port" && return 0
		sleep 0.5
	done
	die "the demo did not start on port $port (log: $WORK/demo-$port.log)"
}

probe() {
	local port=$1
	for i in 1 2 3 4 5 6; do
		curl -s -o /dev/null -D - -H 'X-Api-Key: k1' "http://127.0.0.1:$port/api/quota" | tr -d '\r' |
			awk -v i="$i" '/^HTTP/ { s = $2 } /^RateLimit:/ { r = $2 } /^Retry-After:/ { ra = "Retry-After " $2 }
				END { print "quota #" i ": " s " " r " " ra }'
	done
	echo "seconds to the next midnight UTC at $(date -u +%T): $(($(date -u -d 'tomorrow 00:00' +%s) - $(date -u +%s)))"
	local pids=()
	for i in 1 2 3; do
		curl -s -o /dev/null -w "export #$i: %{http_code}\n" "http://127.0.0.1:$port/api/export?ms=1500" &
		pids+=($!)
		sleep 0.2
	done
	wait "${pids[@]}"
}

port=$(free_port)
log "in memory, port $port"
start_demo "$port"
probe "$port"

start_cluster
port=$(free_port)
log "on the cluster $SEEDS, port $port"
start_demo "$port" --limiter.redis.cluster.nodes="$SEEDS"
probe "$port"
