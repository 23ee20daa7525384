#!/usr/bin/env bash
# Measures what the limiter's servlet filter costs over HTTP: GET /bench/limited (a limit that is never
# reached) against GET /bench/unlimited on the demo app, with wrk and hey, first on the in-memory backend,
# then on a local 3-master/3-replica Redis Cluster that this script starts. Prints requests per second and
# p99 latency side by side, and stops everything it started.
#
# Builds nothing: run `./mvnw -B -q package -DskipTests` first, so that samples/demo/target/demo.jar exists.
# Usage: limiter-jmh/run-http-bench.sh
# Settings (environment): DURATION (default 10s), WARMUP (5s per endpoint and backend, not measured),
#   CONNECTIONS (32), WRK_THREADS (2),
#   DEMO_ARGS (extra arguments for the demo, e.g. to choose the local tier on the cluster run),
#   DEMO_JAR (another build of the demo).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="${DEMO_JAR:-$ROOT/samples/demo/target/demo.jar}"
DURATION="${DURATION:-10s}"
WARMUP="${WARMUP:-5s}"
CONNECTIONS="${CONNECTIONS:-32}"
WRK_THREADS="${WRK_THREADS:-2}"
DEMO_ARGS="${DEMO_ARGS:-}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/limiter-http-bench.XXXXXX")"
PIDS=()

cleanup() {
	local pid
	for pid in "${PIDS[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${PIDS[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
	echo "run-http-bench: $*" >&2
	exit 1
}

require_tools() {
	local missing=()
	command -v wrk >/dev/null || missing+=(wrk)
	command -v hey >/dev/null || missing+=(hey)
	command -v redis-server >/dev/null || missing+=(redis-server)
	command -v redis-cli >/dev/null || missing+=(redis-tools)
	command -v curl >/dev/null || missing+=(curl)
	if ((${#missing[@]} > 0)); then
		echo "run-http-bench: installing ${missing[*]}" >&2
		apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
	fi
	command -v java >/dev/null || fail "java is not on the PATH"
}

# Prints a TCP port on 127.0.0.1 that nothing listens on (nor on port + 10000, the cluster bus). Both stay
# below Linux's ephemeral range (32768 and up), where the load generators' own connections would take them.
free_port() {
	local port
	while true; do
		port=$((10000 + RANDOM % 12000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null \
			&& ! (exec 3<>"/dev/tcp/127.0.0.1/$((port + 10000))") 2>/dev/null; then
			echo "$port"
			return
		fi
	done
}

# Starts six redis-server nodes and joins them as 3 masters with a replica each; sets SEEDS.
# (Not run in a command substitution: that subshell would lose PIDS and orphan the servers.)
start_cluster() {
	local seeds=() port dir i seed
	for i in 1 2 3 4 5 6; do
		port="$(free_port)"
		dir="$WORK/redis-$port"
		mkdir -p "$dir"
		redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --cluster-enabled yes \
			--cluster-config-file nodes.conf --save '' --appendonly no --daemonize no \
			>"$dir/log" 2>&1 &
		PIDS+=("$!")
		seeds+=("127.0.0.1:$port")
	done
	for seed in "${seeds[@]}"; do
		wait_for redis-cli -h 127.0.0.1 -p "${seed#*:}" ping || fail "redis $seed did not start"
	done
	redis-cli --cluster create "${seeds[@]}" --cluster-replicas 1 --cluster-yes >"$WORK/cluster-create.log" 2>&1 \
		|| fail "redis-cli --cluster create failed: $(tail -3 "$WORK/cluster-create.log")"
	for seed in "${seeds[@]}"; do
		wait_for sh -c "redis-cli -h 127.0.0.1 -p ${seed#*:} cluster info | grep -q cluster_state:ok" \
			|| fail "the cluster is not ready on $seed"
	done
	SEEDS="$(IFS=,; echo "${seeds[*]}")"
}

# Retries a command for up to 60 s; fails when it never succeeds.
wait_for() {
	local i
	for i in $(seq 1 120); do
		if "$@" >/dev/null 2>&1; then
			return 0
		fi
		sleep 0.5
	done
	return 1
}

# Starts the demo with extra arguments; sets DEMO_PORT and DEMO_PID.
start_demo() {
	local log
	DEMO_PORT="$(free_port)"
	log="$WORK/demo-$DEMO_PORT.log"
	# shellcheck disable=SC2086 # DEMO_ARGS is a list of arguments
	java -jar "$JAR" --server.port="$DEMO_PORT" "$@" $DEMO_ARGS >"$log" 2>&1 &
	DEMO_PID=$!
	PIDS+=("$DEMO_PID")
	wait_for curl -fsS "http://127.0.0.1:$DEMO_PORT/bench/unlimited" \
		|| fail "the demo did not answer on port $DEMO_PORT; its log ends with: $(tail -20 "$log")"
}

# Converts wrk's latency (123.45us, 1.23ms, 1.02s) to milliseconds.
to_millis() {
	awk -v v="$1" 'BEGIN {
		if (v ~ /us$/) { sub(/us$/, "", v); printf "%.2f", v / 1000 }
		else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.2f", v }
		else if (v ~ /m$/) { sub(/m$/, "", v); printf "%.2f", v * 60000 }
		else { sub(/s$/, "", v); printf "%.2f", v * 1000 }
	}'
}

# Prints "<requests per second> <p99 ms>" of one endpoint under wrk; p99 is left out when wrk has none.
run_wrk() {
	local out
	out="$(wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$1")"
	local p99
	p99="$(awk '$1 == "99%" { print $2 }' <<<"$out")"
	echo "$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' <<<"$out") ${p99:+$(to_millis "$p99")}"
}

# Prints "<requests per second> <p99 ms>" of one endpoint under hey; p99 is left out when hey has none.
run_hey() {
	local out
	out="$(hey -z "$DURATION" -c "$CONNECTIONS" "$1")"
	echo "$(awk '/Requests\/sec:/ { printf "%.0f", $2 }' <<<"$out") $(awk '/ 99% in / && $3 > 0 { printf "%.2f", $3 * 1000 }' <<<"$out")"
}

# Measures both endpoints of a demo with both tools and prints one line per tool.
measure() {
	local backend="$1" port="$2" tool unlimited_rps unlimited_p99 limited_rps limited_p99 endpoint
	curl -fsS "http://127.0.0.1:$port/bench/limited" >/dev/null || fail "/bench/limited failed on $backend"
	for endpoint in unlimited limited; do
		wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$WARMUP" "http://127.0.0.1:$port/bench/$endpoint" >/dev/null
	done
	for tool in wrk hey; do
		read -r unlimited_rps unlimited_p99 <<<"$("run_$tool" "http://127.0.0.1:$port/bench/unlimited")"
		read -r limited_rps limited_p99 <<<"$("run_$tool" "http://127.0.0.1:$port/bench/limited")"
		awk -v b="$backend" -v t="$tool" -v ur="${unlimited_rps:-0}" -v up="${unlimited_p99:-n/a}" \
			-v lr="${limited_rps:-0}" -v lp="${limited_p99:-n/a}" 'BEGIN {
			printf "%-10s %-4s %15s %13s %17s %15s %12.1f\n", b, t, ur, lr, up, lp, (ur > 0 ? 100 * (ur - lr) / ur : 0)
		}'
	done
}

[[ -f "$JAR" ]] || fail "$JAR does not exist; build it first: ./mvnw -B -q package -DskipTests"
require_tools

echo "run-http-bench: $(nproc) cores, $DURATION per measurement, $CONNECTIONS connections" >&2
printf "%-10s %-4s %15s %13s %17s %15s %12s\n" backend tool unlimited_rps limited_rps unlimited_p99_ms \
	limited_p99_ms overhead_pct

start_demo
measure in-memory "$DEMO_PORT"
kill "$DEMO_PID"
wait "$DEMO_PID" 2>/dev/null || true

start_cluster
start_demo --limiter.redis.cluster.nodes="$SEEDS"
measure cluster "$DEMO_PORT"
