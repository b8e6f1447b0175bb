#!/usr/bin/env bash
# The performance gate: counts that don't drift on a shared machine, checked against thresholds.
#
# Usage: Benchmarks/gate.sh [--update] [--self-test] [--only OPERATION] [--thresholds DIRECTORY] [--no-build]
#
#   (no option)  Measure every gated operation and compare it with the thresholds of this toolchain.
#                Exits 1 when a count is over its threshold plus the tolerance, 2 when a threshold
#                is missing; improvements beyond the tolerance are reported and don't fail.
#   --update     Measure every gated operation and rewrite the thresholds of this toolchain.
#   --self-test  Prove the gate can fail: one operation against a deliberately lowered threshold (in a
#                temporary directory) must fail, and against the checked-in threshold must pass.
#   --only       Measure only OPERATION (repeatable).
#   --thresholds Read (or with --update, write) the thresholds in DIRECTORY instead of
#                Benchmarks/Thresholds/<toolchain>.
#   --no-build   Use the remedy-profile already built in release.
#
# Each operation runs in `remedy-profile` under valgrind's callgrind twice, N and 2N times; the counts
# per operation are (count at 2N - count at N) / N, which cancels start-up, warm-up and exit. Counted:
# instructions (callgrind's Ir, every thread of the process) and calls to the allocating functions of
# the C library (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc). Both are the
# same on an idle and on a loaded machine. Wall-clock time is never gated: see ratios.sh.
# Hashing is deterministic (SWIFT_DETERMINISTIC_HASHING=1) and remedy-profile runs every task on one
# thread, so the counts repeat to within a few instructions per operation (Benchmarks/README.md).
set -euo pipefail
invoked_from="$PWD"
cd "$(dirname "$0")"
self="$PWD/$(basename "$0")"

# The tolerance, in one place: how far over its threshold a count may be before the gate fails.
instructions_tolerance_percent=3
mallocs_tolerance=0

# The gated operations of remedy-profile and their N: enough runs for the per-operation figure to
# settle, few enough for callgrind to take seconds.
gated='
presentation.localizedError 200
presentation.localizedError.message 200
presentation.urlError 200
presentation.urlError.groupingKey 200
presentation.tree3 200
presentation.tree3declared 200
report.tree3.summary 200
report.tree3.text 200
report.tree3declared.text 200
report.tree3.groupingKey 200
report.tree3declared.groupingKey 200
handle.major 200
attempt.success 1000
attempt.failure 200
server.failure.httpError 200
server.failure.httpError.de 200
server.failure.retryAfter 200
server.success.problemDetails 200
'
# Ratios of a gated operation's instructions to a baseline's that must stay under a limit, whatever the
# thresholds say: `numerator denominator limit`. A failed request through ProblemDetailsMiddleware costs at
# most 3x Hummingbird's own answer to the same error (the issue "Across the wire").
ratios='
server.failure.httpError server.failure.plain.httpError 3.0
server.failure.retryAfter server.failure.plain.retryAfter 3.0
'
# Baselines: measured for the ratios only, never held to a threshold. Their code isn't Remedy's (plain
# Hummingbird), and their count moves by a few percent with the layout of the rest of the binary.
baselines='
server.failure.plain.httpError 200
server.failure.plain.retryAfter 200
'

update=0
self_test=0
build=1
only=()
thresholds=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --update) update=1 ;;
        --self-test) self_test=1 ;;
        --no-build) build=0 ;;
        --only)
            only+=("$2")
            shift
            ;;
        --thresholds)
            thresholds="$2"
            [[ "$thresholds" == /* ]] || thresholds="$invoked_from/$thresholds"
            shift
            ;;
        -h | --help)
            sed -n '2,23p' "$self" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "gate.sh: unknown argument '$1' (try --help)" >&2
            exit 64
            ;;
    esac
    shift
done

# The toolchain's thresholds live apart: another compiler or runtime moves every count.
swift_version="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -n 1)"
toolchain="swift-${swift_version:-unknown}-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)"
thresholds="${thresholds:-Thresholds/$toolchain}"

if ! command -v valgrind >/dev/null; then
    echo "gate.sh: valgrind is not installed (apt-get install -y valgrind)" >&2
    exit 70
fi

if [[ $build == 1 ]]; then
    echo "== building remedy-profile (release)"
    if ! swift build -c release --product remedy-profile >"${TMPDIR:-/tmp}/remedy-gate-build.log" 2>&1; then
        tail -n 40 "${TMPDIR:-/tmp}/remedy-gate-build.log" >&2
        echo "gate.sh: building remedy-profile failed" >&2
        exit 70
    fi
fi
# valgrind can't read this toolchain's debug info (DWARF 5 forms of the C modules of SwiftNIO, which the
# server operations link): it measures a stripped copy. The counts are those of the same machine code.
built="$(swift build -c release --show-bin-path)/remedy-profile"
profile="$(swift build -c release --show-bin-path)/remedy-profile-stripped"
if [[ ! -f "$profile" || "$built" -nt "$profile" ]]; then
    strip --strip-debug -o "$profile" "$built"
fi

# MARK: - Self-test

if [[ $self_test == 1 ]]; then
    operation=presentation.localizedError
    lowered="$(mktemp -d "${TMPDIR:-/tmp}/remedy-gate-self-test.XXXXXX")"
    trap 'rm -rf "$lowered"' EXIT
    if [[ ! -f "$thresholds/$operation.json" ]]; then
        echo "gate.sh --self-test: no threshold $thresholds/$operation.json to lower" >&2
        exit 2
    fi
    # The checked-in threshold less 10% of the instructions and one malloc: the gate must fail.
    awk -v tolerance="$instructions_tolerance_percent" '
        /"instructions"/ { value = $3 + 0; sub(/[0-9.]+/, int(value * (100 - 10 - tolerance) / 100)) }
        /"mallocs"/ { value = $3 + 0; sub(/[0-9.]+/, value >= 1 ? value - 1 : 0) }
        { print }' "$thresholds/$operation.json" >"$lowered/$operation.json"
    echo "== self-test 1/2: $operation against a lowered threshold must fail"
    cat "$lowered/$operation.json"
    status=0
    "$self" --no-build --only "$operation" --thresholds "$lowered" || status=$?
    if [[ $status != 1 ]]; then
        echo "gate.sh --self-test: FAILED: the gate exited $status against a lowered threshold, not 1" >&2
        exit 1
    fi
    echo "== self-test 2/2: $operation against $thresholds must pass"
    status=0
    "$self" --no-build --only "$operation" --thresholds "$thresholds" || status=$?
    if [[ $status != 0 ]]; then
        echo "gate.sh --self-test: FAILED: the gate exited $status against the checked-in threshold, not 0" >&2
        exit 1
    fi
    echo "== self-test passed: the gate fails on a regression and passes on the checked-in thresholds"
    exit 0
fi

if [[ $update == 0 && ! -d "$thresholds" ]]; then
    cat >&2 <<EOF
gate.sh: no thresholds for this toolchain ($toolchain): $thresholds doesn't exist.
The counts depend on the compiler and the runtime, so every toolchain has its own. Record them from
the current code and commit them:

    Benchmarks/gate.sh --update
    git add Benchmarks/Thresholds/$toolchain

EOF
    exit 2
fi

# MARK: - Measuring

work="$(mktemp -d "${TMPDIR:-/tmp}/remedy-gate.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The total count of one run: `instructions mallocs`.
count() {
    local operation="$1" runs="$2" out="$work/$1.$2.callgrind"
    if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" --compress-strings=no --compress-pos=no \
        "$profile" "$operation" "$runs" >"$work/$operation.$runs.log" 2>&1; then
        cat "$work/$operation.$runs.log" >&2
        echo "gate.sh: $operation failed under valgrind" >&2
        return 1
    fi
    awk '
        /^cfn=/ {
            name = substr($0, 5)
            allocating = (name ~ /^(malloc|calloc|realloc|posix_memalign|aligned_alloc|memalign|valloc)( |$)/)
            next
        }
        /^calls=/ { if (allocating) { split(substr($0, 7), call, " "); mallocs += call[1] }; allocating = 0; next }
        /^summary:/ { instructions = $2 }
        /^totals:/ { instructions = $2 }
        END { printf "%d %d\n", instructions, mallocs }' "$out"
}

# `operation instructions-per-operation mallocs-per-operation`, from the runs at N and 2N.
measure() {
    local operation="$1" runs="$2" once twice
    once="$(count "$operation" "$runs")" || return 1
    twice="$(count "$operation" $((2 * runs)))" || return 1
    # Rounded: what is left of a fraction is a one-off between the two runs (a cache that grew once),
    # fewer than N/2 of them, not a cost of every operation.
    echo "$operation $once $twice" | awk -v runs="$runs" '{
        printf "%s %.0f %.0f\n", $1, ($4 - $2) / runs, ($5 - $3) / runs
    }'
}

selected=()
while read -r operation runs; do
    [[ -n "$operation" ]] || continue
    if [[ ${#only[@]} -gt 0 ]]; then
        wanted=0
        for name in "${only[@]}"; do [[ "$name" == "$operation" ]] && wanted=1; done
        [[ $wanted == 1 ]] || continue
    fi
    selected+=("$operation $runs")
done <<<"$gated"
if [[ ${#selected[@]} == 0 ]]; then
    echo "gate.sh: no gated operation is named ${only[*]}" >&2
    exit 64
fi

echo "== measuring ${#selected[@]} operations under callgrind ($toolchain)"
started=$SECONDS
# Two at a time: callgrind runs one thread at a time, and counts don't depend on the load.
jobs=()
for entry in "${selected[@]}"; do
    read -r operation runs <<<"$entry"
    measure "$operation" "$runs" >"$work/$operation.result" &
    jobs+=($!)
    if [[ ${#jobs[@]} -ge 2 ]]; then
        wait "${jobs[0]}" || exit 70
        jobs=("${jobs[@]:1}")
    fi
done
for job in ${jobs[@]+"${jobs[@]}"}; do
    wait "$job" || exit 70
done
# The baseline of each ratio whose gated operation was measured.
while read -r numerator denominator _; do
    [[ -n "$numerator" && -f "$work/$numerator.result" ]] || continue
    runs=$(awk -v name="$denominator" '$1 == name { print $2 }' <<<"$baselines")
    measure "$denominator" "${runs:-200}" >"$work/$denominator.result" || exit 70
done <<<"$ratios"
echo "== measured in $((SECONDS - started)) s"

# MARK: - Updating

if [[ $update == 1 ]]; then
    mkdir -p "$thresholds"
    for entry in "${selected[@]}"; do
        read -r operation _ <<<"$entry"
        read -r _ instructions mallocs <"$work/$operation.result"
        printf '{\n  "instructions" : %s,\n  "mallocs" : %s\n}\n' "$instructions" "$mallocs" >"$thresholds/$operation.json"
        printf '%-34s %12s instructions %8s mallocs\n' "$operation" "$instructions" "$mallocs"
    done
    echo "== wrote ${#selected[@]} thresholds to $thresholds: review and commit them"
    exit 0
fi

# MARK: - Comparing

gate=0
for entry in "${selected[@]}"; do
    read -r operation _ <<<"$entry"
    read -r _ instructions mallocs <"$work/$operation.result"
    file="$thresholds/$operation.json"
    if [[ -f "$file" ]]; then
        threshold_instructions="$(sed -n 's/.*"instructions" *: *\([0-9.]*\).*/\1/p' "$file")"
        threshold_mallocs="$(sed -n 's/.*"mallocs" *: *\([0-9.]*\).*/\1/p' "$file")"
    else
        threshold_instructions=""
        threshold_mallocs=""
    fi
    echo "$operation instructions ${threshold_instructions:--} $instructions $instructions_tolerance_percent%"
    echo "$operation mallocs ${threshold_mallocs:--} $mallocs $mallocs_tolerance"
done | awk '
    BEGIN {
        printf "%-34s %-12s %12s %12s %8s %9s  %s\n", "operation", "count", "threshold", "measured", "delta", "tolerance", "verdict"
        failures = 0; improvements = 0; missing = 0
    }
    {
        operation = $1; metric = $2; threshold = $3; measured = $4; tolerance = $5
        if (threshold == "-") {
            verdict = "MISSING"; delta = "-"; missing++
        } else {
            delta = (threshold > 0) ? sprintf("%+.1f%%", (measured - threshold) * 100 / threshold) : sprintf("%+g", measured - threshold)
            if (tolerance ~ /%$/) {
                percent = tolerance + 0
                limit = threshold * (1 + percent / 100); floor = threshold * (1 - percent / 100)
            } else {
                limit = threshold + tolerance; floor = threshold - tolerance
            }
            if (measured > limit) { verdict = "FAIL"; failures++ }
            else if (measured < floor) { verdict = "improved (run --update)"; improvements++ }
            else verdict = "ok"
        }
        printf "%-34s %-12s %12s %12s %8s %9s  %s\n", operation, metric, threshold, measured, delta, "+" tolerance, verdict
    }
    END {
        printf "\n%d counts over threshold + tolerance; %d improved beyond the tolerance; %d without a threshold\n", failures, improvements, missing
        if (missing > 0) exit 2
        if (failures > 0) exit 1
    }' || gate=$?

# The ratios, where both operations were measured: a threshold recorded with --update can't excuse a ratio
# past its limit.
while read -r numerator denominator limit; do
    [[ -n "$numerator" && -f "$work/$numerator.result" && -f "$work/$denominator.result" ]] || continue
    read -r _ top _ <"$work/$numerator.result"
    read -r _ bottom _ <"$work/$denominator.result"
    verdict=$(awk -v a="$top" -v b="$bottom" -v l="$limit" 'BEGIN { r = a / b; printf "%.2fx (limit %sx): %s", r, l, (r <= l) ? "ok" : "FAIL" }')
    echo "ratio $numerator / $denominator: $top / $bottom = $verdict"
    [[ "$verdict" == *FAIL ]] && gate=1
done <<<"$ratios"

if [[ $gate == 2 ]]; then
    cat >&2 <<EOF

gate.sh: no thresholds for some operations in $thresholds (toolchain $toolchain).
Record them from the current code and commit them:

    Benchmarks/gate.sh --update
    git add Benchmarks/Thresholds/$toolchain

EOF
    exit 2
fi
if [[ $gate != 0 ]]; then
    cat >&2 <<EOF

gate.sh: a count regressed past its tolerance. Profile the operation:

    cd Benchmarks && SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \\
        \$(swift build -c release --show-bin-path)/remedy-profile OPERATION 1000
    callgrind_annotate --inclusive=yes callgrind.out.* | swift demangle --simplified | less

If the change is intended, record the new counts with \`Benchmarks/gate.sh --update\` and commit them.
EOF
    exit 1
fi
echo "== gate passed"
