#!/usr/bin/env bash
# The gateway sample's route /hello limited by Limiter and by Spring Cloud Gateway's own RedisRateLimiter, side by
# side on one machine, as a measurement in rounds (not run in CI). One local 3+3 Redis Cluster and two gateways on it,
# one limited by each, with the same limit (burst BURST refilled at RATE per second), are started once and stay up.
# Each round loads the two, one after the other, with the same wrk load (one thread, CONNECTIONS keep-alive
# connections, DURATION seconds, the key in the header X-Client): on KEYS_MANY keys (uniform, or Zipf with
# DISTRIBUTION=zipf), then on one key; odd rounds load Limiter first, even rounds RedisRateLimiter first, and every
# round draws its keys afresh (the same for both). The throughput ratio Limiter / RedisRateLimiter is taken within each
# round; the table gives its median, min and max over the rounds. Redis's own cost of each is read from
# INFO commandstats (reset with CONFIG RESETSTAT on every node before each load): microseconds per call of EVALSHA
# and EVAL together, and those calls per request answered. The gateway's own CPU time per request (its process's
# user + system time over the load) is beside it, and wrk's share of a core, to show the load generator is not the
# bottleneck.
# Then KILL_ROUNDS rounds through a master kill: each variant is loaded on one fresh key, and the master that owns
# that key's state gets SIGKILL KILL_AFTER seconds into the load; the 200s of the key are counted against its budget
# (burst + rate x seconds of load: what the limit permits without a fault) and, for Limiter, against the bound its
# reliability guide states for an outage. The killed node is started again (it rejoins as a replica) and the cluster
# is whole again before the next load.
#
#   ./mvnw -B -pl samples/gateway -am package -DskipTests   # builds samples/gateway/target/gateway.jar
#   src/soak/gateway-vs-redis.sh
#
# Settings (environment): ROUNDS (5), KILL_ROUNDS (3; 0 leaves the master kills out), DURATION (10 s of load per
# variant and case), WARMUP (30 s per gateway and case, once, on other keys), CONNECTIONS (16), KEYS_MANY (10000),
# DISTRIBUTION (uniform | zipf), BURST (20), RATE (10 per second), KILL_AFTER (3 s), NODE_TIMEOUT
# (cluster-node-timeout, 2000 ms), REDIS_TIMEOUT (spring.data.redis.timeout of the RedisRateLimiter gateway, such as
# 500ms; unset: Spring Data Redis's default, no command timeout), JAVA_OPTS (-Xmx256m), PROFILE=1 records a JFR
# profile (settings=profile) of each gateway over the whole invocation (kept with the logs), KEEP=1 keeps the logs.
# Limiter runs with limit hello set to capacity = BURST per period = BURST / RATE (its token bucket refills
# continuously at capacity / period); RedisRateLimiter with burstCapacity = BURST, replenishRate = RATE,
# requestedTokens = 1. Both on their default client settings unless REDIS_TIMEOUT is set; Limiter's own are a deadline
# per Redis call that adapts between limiter.redis.minimum-timeout (1 s) and limiter.redis.timeout (2 s), and the
# failure policy local-fallback. The RedisRateLimiter gateway's Limiter (still in the application, deciding nothing)
# has a namespace of its own, so the Limiter gateway counts itself alone for its fallback's share.
# The machine's load average (one minute) at the start of each load is in its line and in the table: the gateways,
# the cluster and wrk share the machine with whatever else runs on it.
# Needs redis-server, redis-cli, java, curl and wrk (installed with apt-get when missing and root).
set -euo pipefail

ROUNDS=${ROUNDS:-5}
KILL_ROUNDS=${KILL_ROUNDS:-3}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-30}
CONNECTIONS=${CONNECTIONS:-16}
KEYS_MANY=${KEYS_MANY:-10000}
DISTRIBUTION=${DISTRIBUTION:-uniform}
BURST=${BURST:-20}
RATE=${RATE:-10}
KILL_AFTER=${KILL_AFTER:-3}
NODE_TIMEOUT=${NODE_TIMEOUT:-2000}
REDIS_TIMEOUT=${REDIS_TIMEOUT:-}
JAVA_OPTS=${JAVA_OPTS:--Xmx256m}
PROFILE=${PROFILE:-0}
# The route (and Limiter's limit) the keys are counted under.
ROUTE=hello
# The key of the readiness probe, which neither the warm-up nor the rounds use.
PROBE_KEY=probe
VARIANTS=(limiter redis-rate-limiter)

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR="$ROOT/samples/gateway/target/gateway.jar"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/limiter-gateway-vs-redis.XXXXXX")
SCRIPT_NAME=gateway-vs-redis
RESULTS="$WORK/results.txt"
declare -A PORT PID
# shellcheck source=src/soak/lib.sh
. "$ROOT/src/soak/lib.sh"

# Starts the gateway of variant $1 (limiter | redis-rate-limiter); sets PORT[$1] and PID[$1].
start_gateway() {
	local variant=$1 args port opts=$JAVA_OPTS
	if [[ $variant == limiter ]]; then
		args=(--spring.profiles.active=benchmark --limiter.redis.cluster.nodes="$SEEDS"
			--limiter.limits.$ROUTE.capacity="$BURST" --limiter.limits.$ROUTE.period="$(( BURST * 1000 / RATE ))ms")
	else
		args=(--spring.profiles.active=benchmark,redis-rate-limiter --spring.data.redis.cluster.nodes="$SEEDS"
			--benchmark.burst-capacity="$BURST" --benchmark.replenish-rate="$RATE" --limiter.namespace=unused)
		[[ -z $REDIS_TIMEOUT ]] || args+=(--spring.data.redis.timeout="$REDIS_TIMEOUT")
	fi
	[[ $PROFILE != 1 ]] || opts+=" -XX:StartFlightRecording=filename=$WORK/$variant.jfr,settings=profile,dumponexit=true"
	port=$(free_port)
	# shellcheck disable=SC2086
	java $opts -jar "$JAR" --server.port="$port" "${args[@]}" >"$WORK/gateway-$variant.log" 2>&1 &
	APP_PIDS+=($!)
	PID[$variant]=$!
	PORT[$variant]=$port
	wait_until 120 "the $variant gateway answering on port $port" \
		curl -fs -o /dev/null -H "X-Client: $PROBE_KEY" "http://127.0.0.1:$port/$ROUTE"
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

# The name of key $2's state in Redis under variant $1: Limiter's token bucket of limit hello under the namespace
# gateway (spring.application.name), or RedisRateLimiter's tokens of route hello.
state_key() {
	if [[ $1 == limiter ]]; then
		echo "limiter:gateway:{$ROUTE:$2}:tb"
	else
		echo "request_rate_limiter.{$ROUTE.$2}.tokens"
	fi
}

# SIGKILLs, KILL_AFTER seconds from now, the master of key $2's state under variant $1; prints its port.
kill_owner() {
	sleep "$KILL_AFTER"
	local key port pid
	key=$(state_key "$1" "$2")
	port=$(slot_master "$key")
	[[ -n $port ]] || { log "no master found for $key"; return; }
	pid=$(redis-cli -p "$port" info server | awk -F: '/^process_id/ { print $2 }' | tr -d '\r')
	kill -9 "$pid"
	log "SIGKILL of master 127.0.0.1:$port (pid $pid), which owns the slot of $key, $KILL_AFTER s into the load"
	echo "$port"
}

# Every node answering, one master per slot range with a replica, cluster_state ok on each.
cluster_whole() {
	cluster_ok "${REDIS_PORTS[@]}" || return 1
	local port=${REDIS_PORTS[0]}
	(( $(redis-cli -p "$port" cluster nodes | awk '$8 == "connected"' | wc -l) == ${#REDIS_PORTS[@]} )) || return 1
	(( $(redis-cli -p "$port" cluster nodes | awk '$3 ~ /slave/ && $3 !~ /fail/' | wc -l) == 3 ))
}

reset_stats() {
	for port in "${REDIS_PORTS[@]}"; do
		redis-cli -p "$port" config resetstat >/dev/null 2>&1 || true
	done
}

# The calls and microseconds of EVALSHA and EVAL over every node since reset_stats: "<calls> <usec>".
script_stats() {
	for port in "${REDIS_PORTS[@]}"; do
		redis-cli -p "$port" info commandstats 2>/dev/null || true
	done | tr -d '\r' | awk -F'[:,=]' '$1 == "cmdstat_evalsha" || $1 == "cmdstat_eval" { calls += $3; usec += $5 }
		END { printf "%d %d\n", calls, usec }'
}

# The user + system CPU time of process $1 so far, in clock ticks.
cpu_ticks() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# Loads variant $1's gateway for $2 seconds with wrk on $3 keys named $4<n> (distribution $5), on the path $7 (the
# route's unless given); the output goes to $WORK/$6.txt, with lines "gateway_cpu_ticks", "wrk_cpu_ticks" and
# "elapsed_ms" appended.
drive() {
	local variant=$1 seconds=$2 keys=$3 prefix=$4 distribution=$5 out="$WORK/$6.txt" path=${7:-$ROUTE} before started
	local wrk_pid
	before=$(cpu_ticks "${PID[$variant]}")
	started=$(date +%s%N)
	wrk -t1 -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s -s "$ROOT/src/soak/statuses.lua" \
		"http://127.0.0.1:${PORT[$variant]}/$path" -- "$keys" "$prefix" "$distribution" >"$out" 2>&1 &
	wrk_pid=$!
	# the ticks of wrk are read just before it exits: it prints its results last, after its load
	local wrk_ticks=0
	while kill -0 "$wrk_pid" 2>/dev/null; do
		wrk_ticks=$(cpu_ticks "$wrk_pid" 2>/dev/null || echo "$wrk_ticks")
		sleep 0.2
	done
	wait "$wrk_pid"
	{
		echo "gateway_cpu_ticks $(( $(cpu_ticks "${PID[$variant]}") - before ))"
		echo "wrk_cpu_ticks $wrk_ticks"
		echo "elapsed_ms $(( ($(date +%s%N) - started) / 1000000 ))"
	} >>"$out"
}

# Field $1 of wrk output $2 (a line "<name> <value>" of statuses.lua or drive), or the count of status $1.
field() {
	awk -v want="$1" '$1 == want { print $2; found = 1 } $1 == "status" && $2 == want { print $3; found = 1 }
		END { if (!found) print 0 }' "$2" | head -1
}

# One load of the rounds: round $1, case $2 (many | one | kill), variant $3, position $4 (first | second).
# Appends to RESULTS: round case variant position load rps ok limited other script_calls script_usec gateway_ticks
# wrk_ticks elapsed_ms budget bound.
measure() {
	local round=$1 case=$2 variant=$3 position=$4 keys prefix="r$1$2-" name="round-$1-$2-$3" load killer=()
	keys=$([[ $case == many ]] && echo "$KEYS_MANY" || echo 1)
	[[ $case != kill ]] || wait_until 60 "the cluster whole again" cluster_whole
	reset_stats
	load=$(cut -d' ' -f1 /proc/loadavg)
	if [[ $case == kill ]]; then
		kill_owner "$variant" "${prefix}1" >"$WORK/$name.killed" &
		killer=($!)
	fi
	drive "$variant" "$DURATION" "$keys" "$prefix" "$DISTRIBUTION" "$name"
	local stats out="$WORK/$name.txt"
	stats=$(script_stats)
	if (( ${#killer[@]} > 0 )); then
		wait "${killer[@]}"
		local killed
		killed=$(cat "$WORK/$name.killed")
		[[ -z $killed ]] || run_node "$killed" || die "the killed node $killed did not start again"
	fi
	local ok limited other requests elapsed_ms rps budget bound
	ok=$(field 200 "$out"); limited=$(field 429 "$out"); requests=$(field requests "$out")
	other=$(( requests - ok - limited + $(field socket_errors "$out") ))
	elapsed_ms=$(field elapsed_ms "$out")
	rps=$(awk -v n="$requests" -v s="$DURATION" 'BEGIN { printf "%.1f", n / s }')
	# what the limit permits on one key without a fault; and the bound of an outage (src/docs/reliability.md) for
	# one instance: + one capacity for the state a failover loses + the fallback's share (the capacity) as a burst and
	# its refill over the degraded time, at most the load after the kill
	budget=$(awk -v b="$BURST" -v r="$RATE" -v s="$DURATION" 'BEGIN { printf "%d", b + r * s }')
	bound=$(awk -v b="$BURST" -v r="$RATE" -v s="$DURATION" -v k="$KILL_AFTER" \
		'BEGIN { printf "%d", b + r * s + b + b + r * (s - k) }')
	echo "$round $case $variant $position $load $rps $ok $limited $other $stats $(field gateway_cpu_ticks "$out")" \
		"$(field wrk_cpu_ticks "$out") $elapsed_ms $budget $bound" >>"$RESULTS"
	log "round $round, $case, $variant ($position, load average $load): $rps requests/s; 200: $ok, 429: $limited," \
		"other: $other; EVALSHA+EVAL: $stats (calls usec)"
}

# What wrk with one thread gets from the Limiter gateway on a path that no route nor limit serves (the forward
# target, which answers such a request 404 at once): the ceiling of the gateway and the load generator together.
ceiling() {
	drive limiter 5 1 warm uniform ceiling internal/hello
	log "ceiling: wrk -t1 -c$CONNECTIONS on the Limiter gateway's /internal/hello (404, no route, no limit):" \
		"$(awk '$1 == "Requests/sec:" { print $2 }' "$WORK/ceiling.txt") requests/s, wrk at" \
		"$(( $(field wrk_cpu_ticks "$WORK/ceiling.txt") * 100000 / $(getconf CLK_TCK) / $(field elapsed_ms "$WORK/ceiling.txt") )) % of a core," \
		"load average $(cut -d' ' -f1 /proc/loadavg)"
}

# The order of round $1: Limiter first in odd rounds.
order() {
	if (( $1 % 2 == 1 )); then echo "limiter redis-rate-limiter"; else echo "redis-rate-limiter limiter"; fi
}

rounds() {
	for round in $(seq 1 "$ROUNDS"); do
		for case in many one; do
			local position=first
			for variant in $(order "$round"); do
				measure "$round" "$case" "$variant" "$position"
				position=second
			done
		done
	done
	for round in $(seq 1 "$KILL_ROUNDS"); do
		local position=first
		for variant in $(order "$round"); do
			measure "$round" kill "$variant" "$position"
			position=second
		done
	done
}

# The Markdown tables: each round's loads, the ratios over the rounds with Redis's cost, and the master kills.
tables() {
	local ticks
	ticks=$(getconf CLK_TCK)
	echo "Each load (gateway CPU: its process's user + system time per request; wrk: its share of one core):"
	echo
	echo '| round | case | limited by | order | load average | requests/s | 200 | 429 | other | EVALSHA+EVAL per request | µs per call | gateway CPU µs per request | wrk CPU |'
	echo '| ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
	awk -v hz="$ticks" '{ n = $7 + $8 + $9; name = ($3 == "limiter") ? "Limiter" : "RedisRateLimiter"
		kill = ($2 == "kill")
		printf "| %d | %s | %s | %s | %s | %.0f | %d | %d | %d | %s | %s | %.0f | %.0f %% |\n", $1, $2, name, $4, $5,
			$6, $7, $8, $9, kill ? "-" : sprintf("%.2f", n ? $10 / n : 0), kill ? "-" : sprintf("%.1f", $10 ? $11 / $10 : 0),
			(n ? $12 * 1000000 / hz / n : 0),
			$13 * 100000 / hz / $14 }' "$RESULTS"
	echo
	echo "Limiter / RedisRateLimiter, the ratio of requests per second within each round, over the rounds:"
	echo
	echo '| case | rounds | req/s Limiter (median) | req/s RedisRateLimiter (median) | ratio median | min | max | EVALSHA+EVAL per request, Limiter / RedisRateLimiter | µs per call, Limiter / RedisRateLimiter | gateway CPU µs per request, Limiter / RedisRateLimiter | load average |'
	echo '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
	awk -v hz="$ticks" '
		function median(a, n,   i, j, t) {
			for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
			return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
		}
		{ v = ($3 == "limiter") ? "l" : "r"; rps[$1, $2, v] = $6; n = $7 + $8 + $9
			calls[$2, v] += $10; usec[$2, v] += $11; answered[$2, v] += n; gticks[$2, v] += $12
			if (!($2 in seen)) { seen[$2] = 1; cases[++ncases] = $2 }
			if (!(($1, $2) in rounds)) { rounds[$1, $2] = 1; roundlist[$2] = roundlist[$2] " " $1 }
			if (!($2 in lmin) || $5 < lmin[$2]) lmin[$2] = $5
			if (!($2 in lmax) || $5 > lmax[$2]) lmax[$2] = $5 }
		END {
			for (c = 1; c <= ncases; c++) {
				k = cases[c]; m = split(substr(roundlist[k], 2), rs, " "); nr = 0; min = ""; max = ""
				delete ratios; delete ls; delete rr
				for (i = 1; i <= m; i++) {
					if (!((rs[i], k, "l") in rps) || !((rs[i], k, "r") in rps) || rps[rs[i], k, "r"] == 0) continue
					x = rps[rs[i], k, "l"] / rps[rs[i], k, "r"]; nr++
					ratios[nr] = x; ls[nr] = rps[rs[i], k, "l"]; rr[nr] = rps[rs[i], k, "r"]
					if (min == "" || x < min) min = x
					if (max == "" || x > max) max = x
				}
				if (nr == 0) continue
				# a killed master takes its counters with it: no Redis cost through a kill
				printf "| %s | %d | %.0f | %.0f | %.2fx | %.2fx | %.2fx | %s | %s | %.0f / %.0f | %s-%s |\n",
					k, nr, median(ls, nr), median(rr, nr), median(ratios, nr), min, max,
					(k == "kill") ? "-" : sprintf("%.2f / %.2f", calls[k, "l"] / answered[k, "l"], calls[k, "r"] / answered[k, "r"]),
					(k == "kill") ? "-" : sprintf("%.1f / %.1f", (calls[k, "l"] ? usec[k, "l"] / calls[k, "l"] : 0),
						(calls[k, "r"] ? usec[k, "r"] / calls[k, "r"] : 0)),
					gticks[k, "l"] * 1000000 / hz / answered[k, "l"], gticks[k, "r"] * 1000000 / hz / answered[k, "r"],
					lmin[k], lmax[k]
			}
		}' "$RESULTS"
	(( KILL_ROUNDS > 0 )) || return 0
	echo
	echo "Through a master kill, one key: the 200s of the key in the load against its budget (burst + rate x seconds)"
	echo "and, for Limiter, against the bound of an outage (one instance):"
	echo
	echo '| round | limited by | order | load average | requests/s | 200 | 429 | other | 200 / budget | bound (Limiter) |'
	echo '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
	awk '$2 == "kill" { name = ($3 == "limiter") ? "Limiter" : "RedisRateLimiter"
		printf "| %d | %s | %s | %s | %.0f | %d | %d | %d | %d / %d (%.2fx) | %s |\n", $1, name, $4, $5, $6, $7, $8, $9,
			$7, $15, $7 / $15, ($3 == "limiter") ? $16 : "" }' "$RESULTS"
}

main() {
	require java curl
	install_missing redis-server=redis-server redis-cli=redis-tools wrk=wrk
	[[ -f $JAR ]] || die "$JAR is missing: ./mvnw -B -pl samples/gateway -am package -DskipTests"
	log "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores; $ROUNDS rounds and $KILL_ROUNDS with a master kill," \
		"$DURATION s per load, $CONNECTIONS connections, $KEYS_MANY keys ($DISTRIBUTION), burst $BURST at $RATE/s"
	log "RedisRateLimiter's spring.data.redis.timeout: ${REDIS_TIMEOUT:-not set, the default of Spring Data Redis}"
	start_cluster
	for variant in "${VARIANTS[@]}"; do
		start_gateway "$variant"
	done
	for variant in "${VARIANTS[@]}"; do
		log "warm-up of the $variant gateway: $WARMUP s on $KEYS_MANY keys, then $WARMUP s on one key"
		drive "$variant" "$WARMUP" "$KEYS_MANY" warm "$DISTRIBUTION" "warmup-many-$variant"
		drive "$variant" "$WARMUP" 1 warm "$DISTRIBUTION" "warmup-one-$variant"
	done
	ceiling
	rounds
	tables
	if [[ $PROFILE == 1 ]]; then
		KEEP=1
		log "JFR profiles of the gateways, written as they stop: $WORK/limiter.jfr, $WORK/redis-rate-limiter.jfr"
	fi
}

main "$@"
