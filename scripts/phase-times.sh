# Sourced by .ci/run and scripts/fresh-clone-check.sh: one record of every CI phase's seconds, printed as a
# table at the end of .ci/run. The records live in the file $CI_PHASES_FILE (tab-separated: phase, seconds,
# result); without it (fresh-clone-check run by hand) recording does nothing.

phase_now() { date +%s.%N; }
phase_since() { awk -v a="$1" -v b="$(phase_now)" 'BEGIN { printf "%.0f", b - a }'; }

# phase_record NAME SECONDS RESULT
phase_record() {
  [ -n "${CI_PHASES_FILE:-}" ] || return 0
  printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$CI_PHASES_FILE"
}

# phase_run NAME COMMAND…: runs the command, records its seconds and whether it passed, returns its status.
phase_run() {
  local name="$1" started status=0
  shift
  started="$(phase_now)"
  "$@" || status=$?
  phase_record "$name" "$(phase_since "$started")" "$([ "$status" = 0 ] && echo ok || echo "FAILED ($status)")"
  return "$status"
}

# phase_table TOTAL_SECONDS: the recorded phases and the total, aligned.
phase_table() {
  [ -n "${CI_PHASES_FILE:-}" ] && [ -s "$CI_PHASES_FILE" ] || return 0
  echo
  awk -F '\t' -v total="$1" '
    BEGIN { printf "%-34s %8s  %s\n", "phase", "seconds", "result" }
    { printf "%-34s %8s  %s\n", $1, $2, $3 }
    END { printf "%-34s %8s  (%d min %02d s)\n", "total", total, total / 60, total % 60 }
  ' "$CI_PHASES_FILE"
}
