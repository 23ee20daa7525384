#!/usr/bin/env bash
# Three instances of the demo, with default settings, share one local Redis Cluster under saturating load; with
# FAULT=kill the master that owns the limited key is killed (SIGKILL) during the load. Prints the 200 answers
# against the limit's budget and the decisions made by the failure policy per instance (not run in CI).
#
#   ./mvnw -B -pl samples/demo -am package -DskipTests   # builds samples/demo/target/demo.jar
#   src/soak/defaults-under-load.sh                      # no fault
#   FAULT=kill src/soak/defaults-under-load.sh           # SIGKILL of the owning master KILL_AFTER s into the load
#
# The limit is the demo's `hello` (key: the client address, so the three instances share one key) with
# CAPACITY permits per PERIOD_MS; the budget of a run of T seconds is CAPACITY + CAPACITY x T / PERIOD.
# Settings (environment): DURATION (12 s of load), CONNECTIONS (16 per instance), CAPACITY (5), PERIOD_MS (250),
# FAULT (none | kill), KILL_AFTER (3 s), NODE_TIMEOUT (cluster-node-timeout, 2000 ms), JAVA_OPTS (-Xmx256m),
# APP_ARGS (more arguments of every instance; none, so that the defaults are what is measured), KEEP=1 keeps the
# logs. Exits 1 when the 200s pass MAX_RATIO x budget (1.02 without a fault, 1.2 with one), or any answer is
# neither 200 nor 429.
# Needs redis-server, redis-cli, java, curl and hey (installed with apt-get when missing and root).
set -euo pipefail

DURATION=${DURATION:-12}
CONNECTIONS=${CONNECTIONS:-16}
CAPACITY=${CAPACITY:-5}
PERIOD_MS=${PERIOD_MS:-250}
FAULT=${FAULT:-none}
KILL_AFTER=${KILL_AFTER:-3}
NODE_TIMEOUT=${NODE_TIMEOUT:-2000}
JAVA_OPTS=${JAVA_OPTS:--Xmx256m}
APP_ARGS=${APP_ARGS:-}
INSTANCES=3

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR="$ROOT/samples/demo/target/demo.jar"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/limiter-defaults.XXXXXX")
SCRIPT_NAME=defaults-under-load
APP_PORTS=()
# shellcheck source=src/soak/lib.sh
. "$ROOT/src/soak/lib.sh"


start_instances() {
	for i in $(seq 1 "$INSTANCES"); do
		local port
		port=$(free_port)
		# shellcheck disable=SC2086
		java $JAVA_OPTS -jar "$JAR" --server.port="$port" --limiter.redis.cluster.nodes="$SEEDS" \
			--limiter.limits.hello.capacity="$CAPACITY" --limiter.limits.hello.period="${PERIOD_MS}ms" $APP_ARGS \
			>"$WORK/app-$i.log" 2>&1 &
		APP_PIDS+=($!)
		APP_PORTS+=("$port")
	done
	for port in "${APP_PORTS[@]}"; do
		wait_until 120 "the demo answering on port $port" curl -fs -o /dev/null "http://127.0.0.1:$port/bench/limited"
	done
	log "$INSTANCES instances up on ports ${APP_PORTS[*]}"
}

# The master that holds the limited key: the one whose keyspace has the key of limit hello.
owning_master() {
	for port in "${REDIS_PORTS[@]}"; do
		if redis-cli -p "$port" role 2>/dev/null | head -1 | grep -q master \
				&& [[ -n $(redis-cli -p "$port" --scan --pattern '*hello*' 2>/dev/null | head -1) ]]; then
			echo "$port"
			return
		fi
	done
}

kill_owner() {
	sleep "$KILL_AFTER"
	local port
	port=$(owning_master)
	[[ -n $port ]] || { log "no master holds the key yet"; return; }
	local pid
	pid=$(redis-cli -p "$port" info server | awk -F: '/^process_id/ { print $2 }' | tr -d '\r')
	kill -9 "$pid"
	log "SIGKILL of master 127.0.0.1:$port (pid $pid), $KILL_AFTER s into the load"
}

# One value of a meter from the Actuator metrics endpoint: metric "$1", tags "$2" (tag=limit:hello&tag=...).
metric() {
	curl -fs "http://127.0.0.1:$1/actuator/metrics/$2?$3" | sed -n 's/.*"statistic":"COUNT","value":\([0-9.E]*\).*/\1/p' \
		| awk '{ printf "%d", $1 }'
}

percent() { awk -v part="$1" -v whole="$2" 'BEGIN { printf "%.2f", (whole > 0) ? 100 * part / whole : 0 }'; }

# The decisions made by the failure policy of limit hello, by reason (limiter.degraded).
degraded_reasons() {
	local reasons
	reasons=$(curl -fs "http://127.0.0.1:$1/actuator/metrics/limiter.degraded?tag=limit:hello" \
		| grep -o '"tag":"reason","values":\[[^]]*\]' | grep -o '"[a-z-]*"' | tr -d '"' | grep -vx -e tag -e reason -e values)
	for reason in $reasons; do
		printf '%s=%s ' "$reason" "$(metric "$1" limiter.degraded "tag=limit:hello&tag=reason:$reason")"
	done
}

main() {
	require java curl
	install_missing redis-server=redis-server redis-cli=redis-tools hey=hey
	[[ -f $JAR ]] || die "$JAR is missing: ./mvnw -B -pl samples/demo -am package -DskipTests"
	start_cluster
	start_instances
	log "load: $DURATION s, $CONNECTIONS connections per instance on /api/hello (capacity $CAPACITY per $PERIOD_MS ms)"
	local started
	started=$(date +%s%N)
	local loads=()
	for i in $(seq 1 "$INSTANCES"); do
		hey -z "${DURATION}s" -c "$CONNECTIONS" "http://127.0.0.1:${APP_PORTS[$(( i - 1 ))]}/api/hello" \
			>"$WORK/hey-$i.txt" 2>&1 &
		loads+=($!)
	done
	if [[ $FAULT == kill ]]; then
		kill_owner &
		loads+=($!)
	fi
	wait "${loads[@]}"
	local elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
	local ok=0 other=0 degraded=0 decisions=0
	for i in $(seq 1 "$INSTANCES"); do
		local file="$WORK/hey-$i.txt" port=${APP_PORTS[$(( i - 1 ))]}
		local c200 c429 cother d e
		# hey prints "[status] count responses", and "[count] message" for each kind of error
		c200=$(awk '$1 == "[200]" && $3 == "responses" { n += $2 } END { print n + 0 }' "$file")
		c429=$(awk '$1 == "[429]" && $3 == "responses" { n += $2 } END { print n + 0 }' "$file")
		cother=$(awk '$1 ~ /^\[[0-9]+\]$/ { code = substr($1, 2, length($1) - 2) + 0
				if ($3 == "responses") { if (code != 200 && code != 429) n += $2 } else n += code }
			END { print n + 0 }' "$file")
		d=$(metric "$port" limiter.decisions "tag=limit:hello")
		e=$(metric "$port" limiter.decisions "tag=limit:hello&tag=outcome:error")
		printf 'instance %d (port %s): 200: %d, 429: %d, other: %d; %d of %d decisions by the failure policy (%s %%)\n' \
			"$i" "$port" "$c200" "$c429" "$cother" "${e:-0}" "${d:-0}" \
			"$(percent "${e:-0}" "${d:-0}")"
		printf '  by reason: %s\n' "$(degraded_reasons "$port")"
		ok=$(( ok + c200 )); other=$(( other + cother ))
		degraded=$(( degraded + ${e:-0} )); decisions=$(( decisions + ${d:-0} ))
	done
	local budget=$(( CAPACITY + CAPACITY * elapsed_ms / PERIOD_MS ))
	local max_ratio=${MAX_RATIO:-$([[ $FAULT == kill ]] && echo 1.2 || echo 1.02)}
	printf 'total: 200: %d against a budget of %d in %d ms (x%s); other answers: %d; decisions by the failure policy: %d of %d (%s %%)\n' \
		"$ok" "$budget" "$elapsed_ms" "$(awk -v a="$ok" -v b="$budget" 'BEGIN { printf "%.2f", a / b }')" "$other" \
		"$degraded" "$decisions" "$(percent "$degraded" "$decisions")"
	if awk -v a="$ok" -v b="$budget" -v m="$max_ratio" 'BEGIN { exit !(a > b * m) }' || (( other > 0 )); then
		log "FAIL: more than $max_ratio x the budget, or answers other than 200 and 429"
		return 1
	fi
}

main "$@"
