#!/usr/bin/env bash
# Builds the Redis image the Testcontainers tests run, limiter/redis:local, from this machine's own redis-server and
# redis-cli (installed from the distribution when missing): the binaries, the libraries they load and a minimal /etc,
# imported with `docker import`. No image registry is needed.
#
# Quick and idempotent: an image built from the same redis-server binary (its SHA-256 is a label of the image) is
# kept; a changed binary, or --force, builds it again. LIMITER_REDIS_IMAGE names another tag.
set -euo pipefail

image="${LIMITER_REDIS_IMAGE:-limiter/redis:local}"
force=false
case "${1:-}" in
  --force) force=true ;;
  "") ;;
  *) echo "usage: $0 [--force]" >&2; exit 2 ;;
esac

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v redis-cli >/dev/null 2>&1 || missing+=(redis-tools)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
server="$(readlink -f "$(command -v redis-server)")"
cli="$(readlink -f "$(command -v redis-cli)")"
checksum="$(sha256sum "$server" | cut -d' ' -f1)"

label=io.limiter.redis-server.sha256
if ! $force && [ "$(docker image inspect -f "{{index .Config.Labels \"$label\"}}" "$image" 2>/dev/null)" = "$checksum" ]; then
  echo "$image is up to date"
  exit 0
fi

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/usr/bin" "$root/etc" "$root/data" "$root/tmp"
chmod 1777 "$root/tmp"
# Redis picks its mode from the name it runs under: Debian's redis-server is a link to redis-check-rdb.
cp "$server" "$root/usr/bin/redis-server"
cp "$cli" "$root/usr/bin/redis-cli"
# Every library either binary loads, and the dynamic loader itself, copied as files to the paths ldd names.
for lib in $(ldd "$server" "$cli" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// && $1 !~ /:$/ { print $1 }' | sort -u); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' \
  >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
printf 'hosts: files dns\n' >"$root/etc/nsswitch.conf"

tar -C "$root" -c . | docker import \
  --change "LABEL $label=$checksum" \
  --change 'WORKDIR /data' \
  --change 'CMD ["redis-server", "--save", "", "--appendonly", "no"]' \
  - "$image" >/dev/null
echo "built $image from $(command -v redis-server) ($(redis-server --version | cut -d' ' -f3))"
