#!/usr/bin/env bash
# Soak test of the demo on a Redis Cluster (not run in CI).
#
# Starts a 3-master/3-replica Redis Cluster on free local ports, runs samples/demo/target/demo.jar against it,
# drives /api/hello and /bench/limited at saturation with wrk for DURATION seconds, and reports, after a
# warm-up and at the end: heap after a full GC, live threads, and errors (wrk socket errors, responses other
# than 2xx and 429, ERROR lines in the application log). Exits 1 when there was an error or the heap or the
# thread count grew by more than the tolerances below.
#
#   ./mvnw -B -pl samples/demo -am package -DskipTests   # builds samples/demo/target/demo.jar
#   DURATION=600 src/soak/soak.sh
#
# Settings (environment): DURATION (600 s), WARMUP (60 s, or DURATION/5 when shorter), CONNECTIONS (64, split
# between the two endpoints), WRK_THREADS (2), WRK_TIMEOUT (10s), JAVA_OPTS (-Xmx512m), APP_ARGS (more arguments of
# the demo; none by default, so that the default settings are what is soaked), HEAP_TOLERANCE_PERCENT (20),
# THREAD_TOLERANCE (5), KEEP=1 keeps the working directory with the logs.
# Needs redis-server, redis-cli, java with jcmd, curl and wrk (installed with apt-get when missing and root).
# Decisions made by the failure policy count as errors: with default settings there must be none, cold start
# included.
set -euo pipefail

DURATION=${DURATION:-600}
WARMUP=${WARMUP:-$(( DURATION / 5 < 60 ? DURATION / 5 : 60 ))}
(( WARMUP >= 1 )) || WARMUP=1
CONNECTIONS=${CONNECTIONS:-64}
WRK_THREADS=${WRK_THREADS:-2}
# At saturation requests queue; a response slower than this counts as a socket error.
WRK_TIMEOUT=${WRK_TIMEOUT:-10s}
JAVA_OPTS=${JAVA_OPTS:--Xmx512m}
APP_ARGS=${APP_ARGS:-}
HEAP_TOLERANCE_PERCENT=${HEAP_TOLERANCE_PERCENT:-20}
THREAD_TOLERANCE=${THREAD_TOLERANCE:-5}

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR="$ROOT/samples/demo/target/demo.jar"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/limiter-soak.XXXXXX")
SCRIPT_NAME=soak
# shellcheck source=src/soak/lib.sh
. "$ROOT/src/soak/lib.sh"


start_app() {
	APP_PORT=$(free_port)
	# shellcheck disable=SC2086
	java $JAVA_OPTS -jar "$JAR" --server.port="$APP_PORT" --limiter.redis.cluster.nodes="$SEEDS" $APP_ARGS \
		>"$WORK/app.log" 2>&1 &
	APP_PID=$!
	APP_PIDS+=("$APP_PID")
	wait_until 120 "the demo answering on port $APP_PORT" \
		curl -fs -o /dev/null -w '' "http://127.0.0.1:$APP_PORT/bench/limited"
	log "demo up on port $APP_PORT, pid $APP_PID"
}

# Runs wrk on both endpoints at once for $1 seconds; the outputs go to $2-hello.txt and $2-limited.txt.
drive() {
	local seconds=$1 prefix=$2 half=$(( CONNECTIONS / 2 > 1 ? CONNECTIONS / 2 : 1 ))
	wrk -t"$WRK_THREADS" -c"$half" -d"${seconds}s" --timeout "$WRK_TIMEOUT" -s "$ROOT/src/soak/statuses.lua" \
		"http://127.0.0.1:$APP_PORT/api/hello" >"$prefix-hello.txt" 2>&1 &
	local hello=$!
	wrk -t"$WRK_THREADS" -c"$half" -d"${seconds}s" --timeout "$WRK_TIMEOUT" -s "$ROOT/src/soak/statuses.lua" \
		"http://127.0.0.1:$APP_PORT/bench/limited" >"$prefix-limited.txt" 2>&1 &
	local limited=$!
	wait "$hello" "$limited"
}

# Prints "<requests> <errors> <p99>" of a wrk output: errors are socket errors and statuses other than 2xx, 429.
wrk_figures() {
	awk '$1 == "status" && !($2 >= 200 && $2 < 300) && $2 != 429 { errors += $3 }
		$1 == "socket_errors" { errors += $2 } $1 == "requests" { requests = $2 } $1 == "p99_ms" { p99 = $2 }
		END { printf "%d %d %s\n", requests, errors, p99 }' "$1"
}

# Sums the "used" figures of the heap spaces (not Metaspace) that GC.heap_info prints, after a full GC.
heap_after_gc_kb() {
	jcmd "$APP_PID" GC.run >/dev/null
	jcmd "$APP_PID" GC.heap_info | awk '!/Metaspace|class space/ {
			for (i = 1; i < NF; i++) if ($i == "used") { v = $(i + 1); sub(/K,?$/, "", v); sum += v } }
		END { print sum + 0 }'
}

thread_count() { jcmd "$APP_PID" Thread.print | grep -c '^"'; }

app_error_lines() { grep -c ' ERROR ' "$WORK/app.log" || true; }

# Decisions made by the failure policy (Redis failed, timed out, or its node's circuit breaker was open): Limiter
# logs one line per 10 s that counts the others; those of the last 10 s show in the next line only.
policy_decisions() {
	awk '/ io\.limiter .*decided by / { n += 1
			if (match($0, /\([0-9]+ similar failures not logged\)/)) { split(substr($0, RSTART + 1), f, " "); n += f[1] } }
		END { print n + 0 }' "$WORK/app.log"
}

# Prints and records (as <name>_heap, <name>_threads, <name>_errors) the figures after a wrk phase.
APP_ERRORS_SEEN=0
POLICY_DECISIONS_SEEN=0
snapshot() {
	local name=$1 prefix=$2
	local hello_requests hello_errors hello_p99 limited_requests limited_errors limited_p99
	read -r hello_requests hello_errors hello_p99 < <(wrk_figures "$prefix-hello.txt")
	read -r limited_requests limited_errors limited_p99 < <(wrk_figures "$prefix-limited.txt")
	local heap threads app_errors policy
	heap=$(heap_after_gc_kb)
	threads=$(thread_count)
	app_errors=$(( $(app_error_lines) - APP_ERRORS_SEEN ))
	APP_ERRORS_SEEN=$(( APP_ERRORS_SEEN + app_errors ))
	policy=$(( $(policy_decisions) - POLICY_DECISIONS_SEEN ))
	POLICY_DECISIONS_SEEN=$(( POLICY_DECISIONS_SEEN + policy ))
	printf '%-5s heap after GC %6d KB, %4d threads, %d ERROR lines in the app log, %d decisions by the failure policy; /api/hello: %d requests, %d errors, p99 %s ms; /bench/limited: %d requests, %d errors, p99 %s ms; statuses: %s\n' \
		"$name" "$heap" "$threads" "$app_errors" "$policy" "$hello_requests" "$hello_errors" "$hello_p99" \
		"$limited_requests" "$limited_errors" "$limited_p99" \
		"$(cat "$prefix-hello.txt" "$prefix-limited.txt" | awk '$1 == "status" { n[$2] += $3 } END { for (s in n) printf "%s=%d ", s, n[s] }')"
	printf -v "${name}_heap" '%d' "$heap"
	printf -v "${name}_threads" '%d' "$threads"
	printf -v "${name}_errors" '%d' $(( hello_errors + limited_errors + app_errors + policy ))
}

main() {
	require java jcmd curl
	install_missing redis-server=redis-server redis-cli=redis-tools wrk=wrk
	[[ -f $JAR ]] || die "$JAR is missing: ./mvnw -B -pl samples/demo -am package -DskipTests"
	start_cluster
	start_app
	log "warm-up: ${WARMUP} s at saturation"
	drive "$WARMUP" "$WORK/warmup"
	snapshot start "$WORK/warmup"
	log "soak: ${DURATION} s at saturation"
	drive "$DURATION" "$WORK/soak"
	snapshot end "$WORK/soak"
	local heap_limit=$(( start_heap + start_heap * HEAP_TOLERANCE_PERCENT / 100 ))
	local verdict=0
	if (( end_heap > heap_limit )); then
		log "FAIL: heap after GC grew from $start_heap KB to $end_heap KB (more than ${HEAP_TOLERANCE_PERCENT} %)"
		verdict=1
	fi
	if (( end_threads > start_threads + THREAD_TOLERANCE )); then
		log "FAIL: threads grew from $start_threads to $end_threads"
		verdict=1
	fi
	if (( start_errors + end_errors > 0 )); then
		log "FAIL: $(( start_errors + end_errors )) errors; first ERROR and failure-policy lines of the app log:"
		grep -E ' ERROR | io\.limiter .*decided by ' "$WORK/app.log" | head -5 >&2 || true
		verdict=1
	fi
	(( verdict == 0 )) && log "PASS: heap and threads flat, zero errors over ${DURATION} s"
	return "$verdict"
}

main "$@"
