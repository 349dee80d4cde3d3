#!/usr/bin/env bash
# Seeds the corpora, builds, then fuzzes each target for DURATION seconds
# (default 1800), one after the other, and prints per target the executions
# and libFuzzer's final `cov:` / `ft:` numbers. Logs: fuzz/logs/<target>.log;
# crashes: fuzz/artifacts/<target>/.
# Usage: fuzz/run-all.sh [SECONDS] [TARGET...]
#   NICE="" to run at normal priority (default: nice -n 10)
#   FUZZ_BUILD_FLAGS="-a" to add debug assertions / overflow checks
#   KEEP_GOING=1 to keep fuzzing after a crash (libFuzzer's fork mode with
#     -ignore_crashes/-ignore_timeouts/-ignore_ooms; every input still lands
#     in fuzz/artifacts/<target>/)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
duration=${1:-1800}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(container bitstream ir compile records rootsig)
nice=${NICE-nice -n 10}
build_flags=${FUZZ_BUILD_FLAGS-}
keep_going=()
[ -z "${KEEP_GOING-}" ] || keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)

# Longest input per target: the biggest corpus blob is ~11 KB.
max_len() {
    case $1 in
        records) echo 4096 ;;
        *) echo 16384 ;;
    esac
}

bash fuzz/seed.sh || exit 1
mkdir -p fuzz/logs
# shellcheck disable=SC2086
$nice cargo +nightly fuzz build $build_flags || exit 1

summary=()
status=0
for t in "${targets[@]}"; do
    log="fuzz/logs/$t.log"
    touch "$log.start"
    echo "== $t: ${duration}s, log $log"
    # shellcheck disable=SC2086
    $nice cargo +nightly fuzz run $build_flags "$t" "fuzz/corpus/$t" -- \
        -max_len="$(max_len "$t")" -rss_limit_mb=2048 -timeout=10 \
        -max_total_time="$duration" -print_final_stats=1 "${keep_going[@]}" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | grep ' cov: ' | tail -1)
    [ -n "$execs" ] || execs=$(sed -E -n 's/^#([0-9]+).*/\1/p' <<<"$last")
    crashes=$(find "fuzz/artifacts/$t" -newer "$log.start" -type f 2>/dev/null | wc -l)
    cov=$(sed -E -n 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -E -n 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    line=$(printf '%-10s execs %-10s cov %-6s ft %-6s' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}")
    if [ $rc -ne 0 ] || [ "$crashes" -gt 0 ]; then
        status=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        line="$line FAILED (exit $rc, $crashes new artifacts) ${artifact:-see log}"
    fi
    rm -f "$log.start"
    echo "$line"
    summary+=("$line")
done

echo
echo "== summary (${duration}s per target)"
printf '%s\n' "${summary[@]}"
exit $status
