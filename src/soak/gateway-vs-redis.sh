#!/usr/bin/env bash
# The gateway sample's route /hello limited by Limiter and by Spring Cloud Gateway's own RedisRateLimiter, side by
# side on one machine (not run in CI). Each run starts a fresh local 3+3 Redis Cluster and three gateways on it, all
# limited by one of the two, warms them up, then loads the three for DURATION seconds with wrk (keep-alive, the key
# in the header X-Client: one key, or KEYS_MANY random keys). The first case of CASES runs on one key once per fault of
# FAULTS: "none", and "kill", where the master that owns the one key's slot is killed (SIGKILL) KILL_AFTER seconds into
# the load. Prints one line per run and a Markdown table:
# requests per second (every answer counted), the 200s against the key's budget (burst + rate x seconds), and the
# throughput ratio Limiter / RedisRateLimiter of the runs without a fault.
#
#   ./mvnw -B -pl samples/gateway -am package -DskipTests   # builds samples/gateway/target/gateway.jar
#   src/soak/gateway-vs-redis.sh
#
# Settings (environment): CASES (burst:rate pairs, "20:10 5:20"), VARIANTS ("limiter redis-rate-limiter"),
# FAULTS (of the first case, "none kill"; "kill" runs only the killed master there), DURATION (12 s of load), WARMUP
# (3 s, on other keys), CONNECTIONS (16 per gateway), KEYS_MANY (10000; 0 leaves out the runs on many keys),
# KILL_AFTER (3 s), NODE_TIMEOUT (cluster-node-timeout, 2000 ms), REDIS_TIMEOUT (spring.data.redis.timeout of the
# RedisRateLimiter gateways, such as 500ms; unset: Spring Data Redis's default, no command timeout), JAVA_OPTS
# (-Xmx256m), KEEP=1 keeps the logs.
# Limiter runs with limit hello set to capacity = burst per period = burst / rate (its token bucket refills
# continuously at capacity / period); RedisRateLimiter with burstCapacity = burst, replenishRate = rate,
# requestedTokens = 1. Both on their default client settings unless REDIS_TIMEOUT is set; Limiter's own are a
# deadline per Redis call that adapts between limiter.redis.minimum-timeout (1 s) and limiter.redis.timeout (2 s), and
# the failure policy local-fallback.
# The load average (one minute) of the machine at the start of each run's load is in its line: the gateways, the
# cluster and wrk share the machine with whatever else runs on it, so compare runs of one invocation.
# Needs redis-server, redis-cli, java, curl and wrk (installed with apt-get when missing and root).
set -euo pipefail

CASES=${CASES:-20:10 5:20}
VARIANTS=${VARIANTS:-limiter redis-rate-limiter}
FAULTS=${FAULTS:-none kill}
DURATION=${DURATION:-12}
WARMUP=${WARMUP:-3}
CONNECTIONS=${CONNECTIONS:-16}
KEYS_MANY=${KEYS_MANY:-10000}
KILL_AFTER=${KILL_AFTER:-3}
NODE_TIMEOUT=${NODE_TIMEOUT:-2000}
REDIS_TIMEOUT=${REDIS_TIMEOUT:-}
JAVA_OPTS=${JAVA_OPTS:--Xmx256m}
INSTANCES=3
# The one key of the runs on one key, and the route (and Limiter's limit) it is counted under.
KEY=k1
# The key of the readiness probe, which neither the warm-up (warm<n>) nor the load (k<n>) uses.
PROBE_KEY=probe
ROUTE=hello

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR="$ROOT/samples/gateway/target/gateway.jar"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/limiter-gateway-vs-redis.XXXXXX")
SCRIPT_NAME=gateway-vs-redis
RESULTS="$WORK/results.txt"
APP_PORTS=()
# shellcheck source=src/soak/lib.sh
. "$ROOT/src/soak/lib.sh"

# Starts the three gateways of variant $1 (limiter | redis-rate-limiter) for burst $2 and rate $3 per second.
start_gateways() {
	local variant=$1 burst=$2 rate=$3 args
	if [[ $variant == limiter ]]; then
		args=(--spring.profiles.active=benchmark --limiter.redis.cluster.nodes="$SEEDS"
			--limiter.limits.$ROUTE.capacity="$burst" --limiter.limits.$ROUTE.period="$(( burst * 1000 / rate ))ms")
	else
		args=(--spring.profiles.active=benchmark,redis-rate-limiter --spring.data.redis.cluster.nodes="$SEEDS"
			--benchmark.burst-capacity="$burst" --benchmark.replenish-rate="$rate")
		[[ -z $REDIS_TIMEOUT ]] || args+=(--spring.data.redis.timeout="$REDIS_TIMEOUT")
	fi
	APP_PORTS=()
	for i in $(seq 1 "$INSTANCES"); do
		local port
		port=$(free_port)
		# shellcheck disable=SC2086
		java $JAVA_OPTS -jar "$JAR" --server.port="$port" "${args[@]}" >"$WORK/run-$RUN-gateway-$i.log" 2>&1 &
		APP_PIDS+=($!)
		APP_PORTS+=("$port")
	done
	for port in "${APP_PORTS[@]}"; do
		wait_until 120 "the gateway answering on port $port" \
			curl -fs -o /dev/null -H "X-Client: $PROBE_KEY" "http://127.0.0.1:$port/$ROUTE"
	done
}

# The port of the master that serves the slot of key $1.
slot_master() {
	local slot port
	for port in "${REDIS_PORTS[@]}"; do
		slot=$(redis-cli -p "$port" cluster keyslot "$1" 2>/dev/null) || continue
		redis-cli -p "$port" cluster nodes | awk -v s="$slot" '$3 ~ /master/ && $3 !~ /fail/ {
				for (i = 9; i <= NF; i++) { n = split($i, r, "-"); if (n == 1) r[2] = r[1]
					if (s >= r[1] + 0 && s <= r[2] + 0) { split($2, a, "[:@]"); print a[2]; exit } } }'
		return
	done
}

# The name of the one key's state in Redis, under variant $1: Limiter's token bucket of limit hello under the
# namespace gateway (spring.application.name), or RedisRateLimiter's tokens of route hello.
state_key() {
	if [[ $1 == limiter ]]; then
		echo "limiter:gateway:{$ROUTE:$KEY}:tb"
	else
		echo "request_rate_limiter.{$ROUTE.$KEY}.tokens"
	fi
}

kill_owner() {
	sleep "$KILL_AFTER"
	local key port pid
	key=$(state_key "$1")
	port=$(slot_master "$key")
	[[ -n $port ]] || { log "no master found for $key"; return; }
	local held
	held=$(redis-cli -p "$port" exists "$key")
	pid=$(redis-cli -p "$port" info server | awk -F: '/^process_id/ { print $2 }' | tr -d '\r')
	kill -9 "$pid"
	log "SIGKILL of master 127.0.0.1:$port (pid $pid), which owns the slot of $key (present: $held), $KILL_AFTER s into the load"
}

# Loads the three gateways for $1 seconds on $2 keys named $3<n>; wrk's outputs go to $WORK/<run>-$4-<i>.txt.
drive() {
	local seconds=$1 keys=$2 prefix=$3 phase=$4 pids=()
	for i in $(seq 1 "$INSTANCES"); do
		wrk -t1 -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s -s "$ROOT/src/soak/statuses.lua" \
			"http://127.0.0.1:${APP_PORTS[$(( i - 1 ))]}/$ROUTE" -- "$keys" "$prefix" >"$WORK/$RUN-$phase-$i.txt" 2>&1 &
		pids+=($!)
	done
	wait "${pids[@]}"
}

# Sums status $1 (or "other": neither 200 nor 429, socket errors included) over the wrk outputs of phase $2.
count() {
	cat "$WORK/$RUN-$2"-*.txt | awk -v want="$1" '$1 == "status" && ($2 == want || (want == "other" && $2 != 200 && $2 != 429)) { n += $3 }
		$1 == "socket_errors" && want == "other" { n += $2 } END { print n + 0 }'
}

# One run: variant $1, burst $2, rate $3, keys $4 (1 or KEYS_MANY), fault $5 (none | kill).
run() {
	local variant=$1 burst=$2 rate=$3 keys=$4 fault=$5
	RUN=$(( ${RUN:-0} + 1 ))
	start_cluster
	start_gateways "$variant" "$burst" "$rate"
	drive "$WARMUP" 1000 warm warmup
	log "run $RUN: $variant, burst $burst at $rate/s, $keys key(s), fault $fault: $DURATION s"
	local started killer=() load
	load=$(cut -d' ' -f1 /proc/loadavg)
	started=$(date +%s%N)
	if [[ $fault == kill ]]; then
		kill_owner "$variant" &
		killer=($!)
	fi
	drive "$DURATION" "$keys" k load
	local elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
	(( ${#killer[@]} == 0 )) || wait "${killer[@]}"
	local ok limited other budget
	ok=$(count 200 load); limited=$(count 429 load); other=$(count other load)
	budget=$(( burst + rate * elapsed_ms / 1000 ))
	printf '%s %d %d %d %s %d %d %d %d %d %s\n' "$variant" "$burst" "$rate" "$keys" "$fault" "$elapsed_ms" "$ok" \
		"$limited" "$other" "$budget" "$load" >>"$RESULTS"
	printf 'run %d (load average %s): %s, burst %d at %d/s, %d key(s), fault %s: %d requests/s; 200: %d, 429: %d, other: %d%s\n' \
		"$RUN" "$load" "$variant" "$burst" "$rate" "$keys" "$fault" \
		"$(( (ok + limited + other) * 1000 / elapsed_ms ))" "$ok" "$limited" "$other" \
		"$( (( keys == 1 )) && echo "; budget of the key: $budget in $elapsed_ms ms" )"
	stop_apps
	stop_cluster
}

# The Markdown table of the results, with the throughput ratio of the runs without a fault.
table() {
	echo '| limiter | burst | rate/s | keys | master killed | load average | requests/s | 200 | budget | 200 / budget | req/s Limiter / RedisRateLimiter |'
	echo '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |'
	awk '{ rps = ($7 + $8 + $9) * 1000 / $6; id = $2 " " $3 " " $4 " " $5; r[$1, id] = rps; row[NR] = $0; ids[NR] = id }
		END {
			for (n = 1; n <= NR; n++) {
				split(row[n], f, " ")
				name = (f[1] == "limiter") ? "Limiter" : "RedisRateLimiter"
				ratio = (f[1] == "limiter" && (("redis-rate-limiter", ids[n]) in r)) ? sprintf("%.2f", r["limiter", ids[n]] / r["redis-rate-limiter", ids[n]]) : ""
				one = (f[4] == 1)
				printf "| %s | %d | %d | %d | %s | %s | %.0f | %d | %s | %s | %s |\n", name, f[2], f[3], f[4],
					(f[5] == "kill") ? "yes, " ENVIRON["KILL_AFTER"] " s in" : "no", f[11], r[f[1], ids[n]], f[7],
					one ? f[10] : "", one ? sprintf("%.2f", f[7] / f[10]) : "", ratio
			}
		}' "$RESULTS"
}

main() {
	require java curl
	install_missing redis-server=redis-server redis-cli=redis-tools wrk=wrk
	[[ -f $JAR ]] || die "$JAR is missing: ./mvnw -B -pl samples/gateway -am package -DskipTests"
	export KILL_AFTER
	log "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores; $DURATION s per run, $CONNECTIONS connections per gateway"
	log "RedisRateLimiter's spring.data.redis.timeout: ${REDIS_TIMEOUT:-not set, the default of Spring Data Redis}"
	local first=${CASES%% *}
	for pair in $CASES; do
		local burst=${pair%%:*} rate=${pair##*:} faults=none
		[[ $pair != "$first" ]] || faults=$FAULTS
		for fault in $faults; do
			for variant in $VARIANTS; do
				run "$variant" "$burst" "$rate" 1 "$fault"
			done
		done
	done
	if (( KEYS_MANY > 1 )); then
		for variant in $VARIANTS; do
			run "$variant" "${first%%:*}" "${first##*:}" "$KEYS_MANY" none
		done
	fi
	table
}

main "$@"
