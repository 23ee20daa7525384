# Shared by the scripts of src/soak: logging, tools, free ports, a local 3-master/3-replica Redis Cluster, and the
# clean-up on exit. Source it after setting WORK (a scratch directory); it sets REDIS_PORTS, SEEDS and NODE_TIMEOUT
# (ms, 5000 unless set). Processes whose pids are added to APP_PIDS are stopped on exit, with the cluster; WORK is
# removed unless KEEP=1.

NODE_TIMEOUT=${NODE_TIMEOUT:-5000}
REDIS_PORTS=()
APP_PIDS=()

# Stops the processes of APP_PIDS, waits for each, and empties the list.
stop_apps() {
	for pid in "${APP_PIDS[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${APP_PIDS[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	APP_PIDS=()
}

cleanup() {
	local status=$?
	stop_apps
	stop_cluster
	if [[ ${KEEP:-0} == 1 ]]; then
		log "logs kept in $WORK"
	else
		rm -rf "$WORK"
	fi
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { printf '%s %s: %s\n' "$(date +%H:%M:%S)" "${SCRIPT_NAME:-soak}" "$*" >&2; }
die() { log "$*"; exit 2; }

require() {
	for tool in "$@"; do
		command -v "$tool" >/dev/null || die "$tool is not on the PATH"
	done
}

# Installs Debian packages for missing tools when root; arguments are tool=package pairs.
install_missing() {
	local missing=()
	for pair in "$@"; do
		command -v "${pair%%=*}" >/dev/null || missing+=("${pair#*=}")
	done
	(( ${#missing[@]} == 0 )) && return 0
	if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
		log "installing ${missing[*]}"
		apt-get install -y "${missing[@]}" >/dev/null 2>&1 \
			|| { apt-get update -q >/dev/null 2>&1 && apt-get install -y "${missing[@]}" >/dev/null; } \
			|| die "apt-get install ${missing[*]} failed"
	else
		die "missing: ${missing[*]} (apt-get install ${missing[*]})"
	fi
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A port that is free, and whose cluster bus port (port + 10000) is free too.
free_port() {
	local port
	for _ in $(seq 1 200); do
		port=$(( 20000 + RANDOM % 20000 ))
		if ! listening "$port" && ! listening $(( port + 10000 )) && [[ " ${REDIS_PORTS[*]} " != *" $port "* ]]; then
			echo "$port"
			return
		fi
	done
	die "no free port found"
}

wait_until() {
	local seconds=$1 what=$2
	shift 2
	for _ in $(seq 1 $(( seconds * 10 ))); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	die "$what did not happen within $seconds s"
}

cluster_ok() {
	for port in "$@"; do
		redis-cli -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok' || return 1
	done
}

# Starts one node on a free port, trying other ports when one is taken meanwhile; prints the port.
start_node() {
	local port
	for _ in 1 2 3 4 5; do
		port=$(free_port)
		if run_node "$port"; then
			echo "$port"
			return
		fi
		log "redis-server on $port did not start: $(tail -3 "$WORK/redis-$port/redis.log" 2>/dev/null)"
	done
	die "no redis-server could start"
}

# Runs the cluster node of port $1 in $WORK/redis-<port>, a new one or, once killed, the same one again (its
# nodes.conf there makes it rejoin its cluster); fails unless it answers within 10 s.
run_node() {
	local port=$1
	mkdir -p "$WORK/redis-$port"
	redis-server --port "$port" --bind 127.0.0.1 --cluster-enabled yes --cluster-config-file nodes.conf \
		--cluster-node-timeout "$NODE_TIMEOUT" --save "" --appendonly no --dir "$WORK/redis-$port" \
		--logfile "$WORK/redis-$port/redis.log" --daemonize yes
	for _ in $(seq 1 100); do
		redis-cli -p "$port" ping >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}

start_cluster() {
	local nodes=()
	for _ in 1 2 3 4 5 6; do
		local port
		port=$(start_node)
		REDIS_PORTS+=("$port")
		nodes+=("127.0.0.1:$port")
	done
	redis-cli --cluster create "${nodes[@]}" --cluster-replicas 1 --cluster-yes >"$WORK/cluster-create.log" 2>&1 \
		|| die "redis-cli --cluster create failed: $(tail -5 "$WORK/cluster-create.log")"
	wait_until 30 "cluster_state:ok on every node" cluster_ok "${REDIS_PORTS[@]}"
	SEEDS=$(IFS=,; echo "${nodes[*]}")
	log "Redis Cluster up (cluster-node-timeout $NODE_TIMEOUT ms): $SEEDS"
}

stop_cluster() {
	for port in "${REDIS_PORTS[@]}"; do
		redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
	done
	REDIS_PORTS=()
}
