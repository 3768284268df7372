#!/usr/bin/env bash
# Proves the repository stands on its own: clones its committed HEAD into an empty temporary folder (nothing
# beside it, so no ../shared), runs the README's commands there (`npm install`, `npm start` until the portal
# answers, `npm test`) and prints how long each took. Exits non-zero on any failure; removes what it made.
# Uncommitted changes are not part of the check: it tests what a newcomer would clone. Under .ci/run the three
# seconds also go to its phase table (scripts/phase-times.sh), failed ones too.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=phase-times.sh
. "$repo/scripts/phase-times.sh"
commit="$(git -C "$repo" rev-parse HEAD)"
# The clone's folder holds the clone alone; data and logs live in a second scratch folder.
tmp="$(mktemp -d)"
scratch="$(mktemp -d)"
clone="$tmp/portal"
server_pid=""
START_TIMEOUT_S="${START_TIMEOUT_S:-600}"

cleanup() {
  stop_server
  rm -rf "$tmp" "$scratch"
}
# npm start runs in its own process group (setsid), so npm, its shell and node stop together.
stop_server() {
  [ -n "$server_pid" ] || return 0
  kill -TERM -- "-$server_pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 -- "-$server_pid" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  echo "fresh-clone-check: $*" >&2
  exit 1
}

# A fresh machine has none of the portal's settings: the check runs on the defaults the README describes.
unset DATABASE_URL DATABASE_SCHEMA OIDC_ISSUER REDIS_URL PUBLIC_URL PORTAL_DEMO

echo "fresh-clone-check: cloning ${commit:0:12} into $clone"
git clone --quiet "$repo" "$clone"
git -C "$clone" checkout --quiet --detach "$commit"
cd "$clone"

started="$(phase_now)"
phase_run "fresh clone: npm install" npm install || fail "npm install failed"
install_s="$(phase_since "$started")"

# A free port, and a data folder of its own, so the check collides with nothing running on this machine.
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')"
started="$(phase_now)"
# The start phase is recorded as failed unless the portal answers.
start_failed() { phase_record "fresh clone: npm start" "$(phase_since "$started")" FAILED; }
PORT="$port" DATA_DIR="$scratch/data" setsid npm start >"$scratch/start.log" 2>&1 &
server_pid=$!
# setsid runs in place here (a script's background job leads no group), so the pid is the group to stop.
sleep 0.2
if kill -0 "$server_pid" 2>/dev/null && [ "$(ps -o pgid= -p "$server_pid" | tr -d ' ')" != "$server_pid" ]; then
  fail "npm start did not get its own process group"
fi
ready=""
while [ "$(phase_since "$started")" -lt "$START_TIMEOUT_S" ]; do
  kill -0 "$server_pid" 2>/dev/null || { cat "$scratch/start.log" >&2; start_failed; fail "npm start exited before the portal answered"; }
  # The portal answers when both its page and its identity provider do.
  if node -e '
    const base = `http://127.0.0.1:${process.argv[1]}`
    Promise.all([fetch(`${base}/`), fetch(`${base}/realms/portal/.well-known/openid-configuration`)])
      .then((answers) => process.exit(answers.every((answer) => answer.ok) ? 0 : 1), () => process.exit(1))
  ' "$port"; then
    ready=1
    break
  fi
  sleep 1
done
[ -n "$ready" ] || { cat "$scratch/start.log" >&2; start_failed; fail "the portal did not answer on port $port within ${START_TIMEOUT_S}s"; }
start_s="$(phase_since "$started")"
phase_record "fresh clone: npm start" "$start_s" ok
stop_server

started="$(phase_now)"
phase_run "fresh clone: npm test" npm test || fail "npm test failed (install ${install_s}s, start ${start_s}s, test $(phase_since "$started")s)"
test_s="$(phase_since "$started")"

echo "fresh-clone-check: passed at ${commit:0:12}: npm install ${install_s}s, npm start ${start_s}s, npm test ${test_s}s"
