#!/usr/bin/env bash
# Install the system packages the end-to-end tests need, only when they are missing:
#   chromium  Debian's build, driven by playwright-core (Playwright's own browser download
#             does not work on our machines)
#   nginx     the production server, with deploy/nginx.conf
#   php-cli, golang-go  the PHP and Go request samples, run against the sandbox by
#             tests/integration/sandbox-samples.test.ts (31 s to install both here)
# Recommended packages are kept: they bring the fonts pages and screenshots are drawn with.
# Quiet when everything is there; loud and non-zero when an install fails.
set -euo pipefail

missing=()
command -v nginx >/dev/null 2>&1 || missing+=(nginx)
# The path the browser helper launches, not just any `chromium` on PATH.
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
command -v php >/dev/null 2>&1 || missing+=(php-cli)
command -v go >/dev/null 2>&1 || missing+=(golang-go)

[[ ${#missing[@]} -eq 0 ]] && exit 0

fail() {
  echo "ensure-system-deps: could not install ${missing[*]}: $*" >&2
  echo "ensure-system-deps: install them by hand: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found (this script supports Debian/Ubuntu only)"
sudo=()
if [[ "$(id -u)" != 0 ]]; then
  command -v sudo >/dev/null 2>&1 || fail "not root and sudo is not available"
  sudo=(sudo -n)
fi

echo "ensure-system-deps: installing ${missing[*]} ..." >&2
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo[@]}" apt-get update -qq >"$log" 2>&1 \
  || ! "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >>"$log" 2>&1; then
  cat "$log" >&2
  fail "apt-get failed (output above)"
fi

command -v nginx >/dev/null 2>&1 || fail "nginx still missing after apt-get"
[[ -x /usr/bin/chromium ]] || fail "/usr/bin/chromium still missing after apt-get"
command -v php >/dev/null 2>&1 || fail "php still missing after apt-get"
command -v go >/dev/null 2>&1 || fail "go still missing after apt-get"
echo "ensure-system-deps: installed ${missing[*]}" >&2
