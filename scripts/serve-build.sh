#!/usr/bin/env bash
# Serve a static build with the production nginx config (deploy/nginx.conf), in the background.
#
#   scripts/serve-build.sh <build-dir> <port>   start (or reload onto <build-dir>); prints the URL
#   scripts/serve-build.sh --stop <port>        stop; does nothing if it is not running
#   scripts/serve-build.sh --foreground <build-dir> <port>
#                                               run nginx in the foreground until it is signalled
#                                               (the end-to-end tests' webServer: Playwright owns
#                                               the process and stops it at the end of the run)
#
# Everything nginx writes (rendered config, pid, logs, temp files) lives in .tmp/nginx-<port>/
# of the repo. It listens on 127.0.0.1 only. Running it twice is harmless: a second start
# re-renders the config and reloads the running server. SERVE_DEPLOY_DIR names another folder of
# *.conf files to render instead of deploy/ (the bench serves the stock site with our nginx.conf and
# the stock build's own CSP hashes).
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deploy_dir="${SERVE_DEPLOY_DIR:-$repo_root/deploy}"

die() { echo "serve-build: $*" >&2; exit 1; }
[[ -f "$deploy_dir/nginx.conf" ]] || die "no nginx.conf in '$deploy_dir' (SERVE_DEPLOY_DIR)"
usage() { die "usage: $0 <build-dir> <port> | $0 --stop <port> | $0 --foreground <build-dir> <port>"; }

# Unprivileged ports only: this script is for tests and local previews, not for port 80.
check_port() {
  [[ "$1" =~ ^[0-9]+$ ]] && (( $1 >= 1024 && $1 <= 65535 )) || die "port must be 1024-65535, not '$1'"
}

command -v nginx >/dev/null 2>&1 || die "nginx is not installed: run scripts/ensure-system-deps.sh"

# nginx's own command line for one prefix, into the array NGINX_ARGS; $2 adds global directives.
# -e: errors before the config is read would otherwise go to the compiled-in
# /var/log/nginx/error.log.
nginx_args() {
  local prefix="$1" globals="${2:-}"
  NGINX_ARGS=(-p "$prefix/" -c "$prefix/conf/nginx.conf" -e "$prefix/logs/error.log")
  # Started as root without a `user` line, workers run as `nobody`, who may not be able to
  # read a checkout under /root. Tests run the workers as whoever runs the tests.
  if [[ "$(id -u)" == 0 ]]; then globals+="user $(id -un) $(id -gn);"; fi
  if [[ -n "$globals" ]]; then NGINX_ARGS+=(-g "$globals"); fi
}

nginx_cmd() {
  nginx_args "$1"
  shift
  nginx "${NGINX_ARGS[@]}" "$@"
}

running_pid() {
  local pidfile="$1/logs/nginx.pid" pid
  [[ -s "$pidfile" ]] || return 1
  pid="$(cat "$pidfile")"
  kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

# Any HTTP answer at all means it is up (a build without index.html still answers 404).
answers() {
  local url="$1"
  if command -v curl >/dev/null 2>&1; then
    curl -s -o /dev/null --max-time 2 "$url"
  else
    node -e 'fetch(process.argv[1], {redirect: "manual", signal: AbortSignal.timeout(2000)})
      .then(() => process.exit(0), () => process.exit(1))' "$url"
  fi
}

stop() {
  local port="$1" prefix="$repo_root/.tmp/nginx-$1" pid
  if ! pid="$(running_pid "$prefix")"; then
    echo "serve-build: nothing running on port $port"
    return 0
  fi
  nginx_cmd "$prefix" -s quit
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || { echo "serve-build: stopped port $port"; return 0; }
    sleep 0.1
  done
  kill "$pid" 2>/dev/null || true
  echo "serve-build: stopped port $port (forced)"
}

# Fill the placeholders of one deploy/*.conf file. Any character may appear in the path, so it
# is passed through the environment rather than through a sed expression.
render() {
  ROOT="$2" LISTEN="$3" node -e '
    const fs = require("node:fs");
    const [src, dest] = process.argv.slice(1);
    const out = fs.readFileSync(src, "utf8")
      .replaceAll("__ROOT__", process.env.ROOT.replaceAll("\\", "\\\\").replaceAll("\"", "\\\""))
      .replaceAll("__LISTEN__", process.env.LISTEN);
    fs.writeFileSync(dest, out);' "$1" "$4"
}

# Renders the config for <build-dir> and <port> into .tmp/nginx-<port>/ and checks it; prints the
# prefix. A folder without index.html is refused: nginx would serve nothing but 404s.
prepare() {
  local build_dir="$1" port="$2"
  [[ -d "$build_dir" ]] || die "no build folder at '$build_dir': run npm run build first"
  [[ -f "$build_dir/index.html" ]] || die "no index.html in '$build_dir': run npm run build first"
  build_dir="$(cd "$build_dir" && pwd)"
  local prefix="$repo_root/.tmp/nginx-$port"

  mkdir -p "$prefix/conf" "$prefix/logs" "$prefix/temp"
  local f
  for f in "$deploy_dir"/*.conf; do
    render "$f" "$build_dir" "127.0.0.1:$port" "$prefix/conf/$(basename "$f")"
  done
  nginx_cmd "$prefix" -t -q || die "nginx rejected the config (see above)"
  echo "$prefix"
}

start() {
  local prefix url="http://127.0.0.1:$2/"
  prefix="$(prepare "$1" "$2")"

  if running_pid "$prefix" >/dev/null; then
    # Already ours: pick up a new build folder or config. Workers swap over gracefully.
    nginx_cmd "$prefix" -s reload
    sleep 0.3
  else
    rm -f "$prefix/logs/nginx.pid"
    nginx_cmd "$prefix" || die "nginx did not start; log: $prefix/logs/error.log"
  fi

  for _ in $(seq 50); do
    if answers "$url"; then
      echo "$url"
      return 0
    fi
    sleep 0.1
  done
  die "nginx started but $url does not answer; log: $prefix/logs/error.log"
}

# nginx as this process (exec), so whoever started the script stops nginx with a signal: SIGTERM
# or SIGINT is nginx's fast shutdown, SIGQUIT its graceful one. A background server of ours left on
# the port (a start without --stop) is stopped first.
foreground() {
  local prefix
  prefix="$(prepare "$1" "$2")"
  stop "$2" >/dev/null
  rm -f "$prefix/logs/nginx.pid"
  nginx_args "$prefix" "daemon off; "
  exec nginx "${NGINX_ARGS[@]}"
}

case "${1:-}" in
  --stop)
    [[ $# -eq 2 ]] || usage
    check_port "$2"
    stop "$2"
    ;;
  --foreground)
    [[ $# -eq 3 ]] || usage
    check_port "$3"
    foreground "$2" "$3"
    ;;
  -h|--help|"")
    usage
    ;;
  *)
    [[ $# -eq 2 ]] || usage
    check_port "$2"
    start "$1" "$2"
    ;;
esac
