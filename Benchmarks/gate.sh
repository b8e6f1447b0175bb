#!/usr/bin/env bash
# The performance gate: for the figures a user can see, instruction counts against a baseline counted in the
# same run, whose ratio must stay under a limit.
#
# Usage: Benchmarks/gate.sh [--self-test] [--only OPERATION] [--no-build]
#
#   (no option)  Count every gated operation and its baseline; print each ratio and the table of failed
#                requests per error shape. Exits 1 when a ratio is over its limit.
#   --self-test  Prove that each kind of gate fails on a regression: one gate of each kind passes, then
#                fails once its operation runs K times per run (REMEDY_PROFILE_REPEAT), K enough to
#                cross the limit.
#   --only       Check only the gate of OPERATION (repeatable); the server table is left out.
#   --no-build   Use the remedy-profile already built in release.
#
# Each operation runs in `remedy-profile` under valgrind's callgrind twice, N and 2N times; the count per
# operation is (count at 2N - count at N) / N, which cancels start-up, warm-up and exit. Counted:
# instructions (callgrind's Ir, every thread of the process), the same on an idle and on a loaded machine;
# and, for the table, calls to the C library's allocating functions. Wall-clock time is never gated (see
# ratios.sh and load.sh). Hashing is deterministic (SWIFT_DETERMINISTIC_HASHING=1) and remedy-profile runs
# every task on one thread, so the counts repeat to within a few instructions per operation.
#
# No threshold is recorded: every limit is a ratio to a baseline of the same run, so a gate holds on any
# toolchain and never needs re-recording (Benchmarks/README.md says why each limit is what it is).
set -euo pipefail
cd "$(dirname "$0")"
self="$PWD/$(basename "$0")"

# The gates: `kind operation N baseline N limit`. The operation's instructions divided by the baseline's
# must be at most the limit.
#
# - success: the success path of `attempt` against a plain do/catch doing the same work, and of
#   `ProblemDetailsMiddleware` (its `handle`) against the same route without it. Limit: 10% over the
#   ratio counted: attempt 1.435x (1,330 / 927) on main before issue 34; the middleware 1.274x (23,574 /
#   18,502) since issue 36, whose middleware binds each request's language for the services the route calls
#   (1.134x before; re-recorded deliberately, CHANGELOG).
# - growth: a deep chain and a storm at 10,000 against 1,000; linear growth is 10x. Limit 11x: counted
#   on main, 10.00x (walk), 10.46x (text: the deeper chain's longer numbers) and 10.21x (storm: bigger
#   tables and heap); a quadratic term of 2% of the cost at 1,000 would reach 11.8x.
# - groupingKey: the grouping key of the three-level reflected tree at most `String(reflecting:)` of it.
# - server: a failed request through ProblemDetailsMiddleware at most 3x plain Hummingbird answering the
#   same throw and recording it at `info` in one line (`server.failure.logged.<shape>`): since issue 36 every
#   answer is recorded at `info`, where the reference a person reads out must find it, and plain Hummingbird
#   records none. The table also gives the ratio to plain Hummingbird recording nothing. A shape over 3x is
#   only in the table (`shapes` below) until it passes.
gates='
success attempt.success 1000 baseline.doCatch 1000 1.58
success server.success.problemDetails 200 server.success.plain 200 1.40
growth chain.walk.10000 2 chain.walk.1000 10 11
growth chain.text.10000 2 chain.text.1000 10 11
growth storm.10000 1 storm.1000 4 11
groupingKey report.tree3.groupingKey 200 baseline.tree3.stringReflecting 200 1.0
server server.failure.httpError 200 server.failure.logged.httpError 200 3.0
server server.failure.retryAfter 200 server.failure.logged.retryAfter 200 3.0
server server.failure.responseError 200 server.failure.logged.responseError 200 3.0
server server.failure.localizedError 200 server.failure.logged.localizedError 200 3.0
server server.failure.invalidInput 200 server.failure.logged.invalidInput 200 3.0
server server.failure.undecodableBody 200 server.failure.logged.undecodableBody 200 3.0
'
# Every shape of error a route throws, for the table (`FailureShape` in RemedyBenchmarkSupport).
shapes='httpError retryAfter responseError localizedError contextLayers opaqueLibrary invalidInput undecodableBody'
# The gate of each kind the self-test breaks.
self_test_gates='attempt.success chain.walk.10000 report.tree3.groupingKey server.failure.httpError'

self_test=0
build=1
only=()
repeat_operation=""
repeat_count=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --self-test) self_test=1 ;;
        --no-build) build=0 ;;
        --only)
            only+=("$2")
            shift
            ;;
        # For the self-test: `--repeat OPERATION K` runs OPERATION K times per run.
        --repeat)
            repeat_operation="$2"
            repeat_count="$3"
            shift 2
            ;;
        -h | --help)
            sed -n '2,24p' "$self" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "gate.sh: unknown argument '$1' (try --help)" >&2
            exit 64
            ;;
    esac
    shift
done

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
    for operation in $self_test_gates; do
        echo "== self-test: $operation must pass as it is"
        output=$("$self" --no-build --only "$operation") || {
            echo "$output"
            echo "gate.sh --self-test: FAILED: $operation doesn't pass as it is" >&2
            exit 1
        }
        echo "$output" | grep '^ratio'
        # Enough repeats to cross the limit by half again: the count grows about K-fold.
        repeats=$(echo "$output" | awk '/^ratio/ { r = $10 + 0; l = $12 + 0; k = int(1.5 * l / r) + 1; print (k < 2 ? 2 : k) }')
        echo "== self-test: $operation run $repeats times per run must fail"
        status=0
        output=$("$self" --no-build --only "$operation" --repeat "$operation" "$repeats") || status=$?
        echo "$output" | grep '^ratio'
        if [[ $status != 1 ]]; then
            echo "gate.sh --self-test: FAILED: the gate of $operation exited $status on a regression, not 1" >&2
            exit 1
        fi
    done
    echo "== self-test passed: each kind of gate fails on a regression and passes as it is"
    exit 0
fi

# MARK: - Counting

work="$(mktemp -d "${TMPDIR:-/tmp}/remedy-gate.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The total count of one run: `instructions mallocs`.
count() {
    local operation="$1" runs="$2" out="$work/$1.$2.callgrind" repeat=1
    [[ "$operation" == "$repeat_operation" ]] && repeat="$repeat_count"
    if ! REMEDY_PROFILE_REPEAT=$repeat SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
        --callgrind-out-file="$out" --compress-strings=no --compress-pos=no \
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
        END { printf "%.0f %.0f\n", instructions, mallocs }' "$out"
}

# `instructions-per-operation mallocs-per-operation` into $work/OPERATION.result, from the runs at N and 2N.
measure() {
    local operation="$1" runs="$2" once twice
    [[ -f "$work/$operation.result" ]] && return 0
    once="$(count "$operation" "$runs")" || return 1
    twice="$(count "$operation" $((2 * runs)))" || return 1
    # Rounded: what is left of a fraction is a one-off between the two runs (a cache that grew once).
    echo "$once $twice" | awk -v runs="$runs" '{ printf "%.0f %.1f\n", ($3 - $1) / runs, ($4 - $2) / runs }' \
        >"$work/$operation.result"
}

# What to count: the selected gates, and every shape for the table unless --only.
selected=()
while read -r kind operation runs baseline baseline_runs limit; do
    [[ -n "$kind" ]] || continue
    if [[ ${#only[@]} -gt 0 ]]; then
        wanted=0
        for name in "${only[@]}"; do [[ "$name" == "$operation" ]] && wanted=1; done
        [[ $wanted == 1 ]] || continue
    fi
    selected+=("$kind $operation $runs $baseline $baseline_runs $limit")
done <<<"$gates"
if [[ ${#selected[@]} == 0 ]]; then
    echo "gate.sh: no gate is named ${only[*]}" >&2
    exit 64
fi
counted=()
for entry in "${selected[@]}"; do
    read -r _ operation runs baseline baseline_runs _ <<<"$entry"
    counted+=("$operation $runs" "$baseline $baseline_runs")
done
if [[ ${#only[@]} == 0 ]]; then
    for shape in $shapes; do
        counted+=("server.failure.$shape 200" "server.failure.plain.$shape 200" "server.failure.logged.$shape 200")
    done
fi

echo "== counting ${#counted[@]} operations under callgrind"
started=$SECONDS
# Two at a time: callgrind runs one thread at a time, and counts don't depend on the load.
jobs=()
for entry in $(printf '%s\n' "${counted[@]}" | sort -u | tr ' ' ':'); do
    measure "${entry%%:*}" "${entry##*:}" &
    jobs+=($!)
    if [[ ${#jobs[@]} -ge 2 ]]; then
        wait "${jobs[0]}" || exit 70
        jobs=("${jobs[@]:1}")
    fi
done
for job in ${jobs[@]+"${jobs[@]}"}; do
    wait "$job" || exit 70
done
echo "== counted in $((SECONDS - started)) s"

# MARK: - Comparing

if [[ ${#only[@]} == 0 ]]; then
    echo
    echo "A failed request per shape of error (instructions; mallocs in parentheses):"
    echo
    printf '| %-16s | %16s | %16s | %18s | %8s | %8s | %s |\n' shape plain "plain, logged" middleware \
        "/ plain" "/ logged" gate
    printf '|%s|%s|%s|%s|%s|%s|%s|\n' ------------------ ------------------ ------------------ \
        -------------------- ---------- ---------- ------
    for shape in $shapes; do
        read -r plain plain_mallocs <"$work/server.failure.plain.$shape.result"
        read -r logged logged_mallocs <"$work/server.failure.logged.$shape.result"
        read -r middleware middleware_mallocs <"$work/server.failure.$shape.result"
        gated=$(awk -v name="server.failure.$shape" '$2 == name { print "<= " $6 "x" }' <<<"$gates")
        printf '| %-16s | %16s | %16s | %18s | %7sx | %7sx | %s |\n' "$shape" "$plain ($plain_mallocs)" \
            "$logged ($logged_mallocs)" "$middleware ($middleware_mallocs)" \
            "$(awk -v a="$middleware" -v b="$plain" 'BEGIN { printf "%.2f", a / b }')" \
            "$(awk -v a="$middleware" -v b="$logged" 'BEGIN { printf "%.2f", a / b }')" "${gated:-reported}"
    done
    echo
fi

failures=0
for entry in "${selected[@]}"; do
    read -r kind operation _ baseline _ limit <<<"$entry"
    read -r top _ <"$work/$operation.result"
    read -r bottom _ <"$work/$baseline.result"
    verdict=$(awk -v a="$top" -v b="$bottom" -v l="$limit" \
        'BEGIN {
            # A count of zero or less is a measurement that went wrong, never a pass.
            if (a <= 0 || b <= 0) { printf "not measured (limit %sx): FAIL", l; exit }
            r = a / b; printf "%.3fx (limit %sx): %s", r, l, (r <= l) ? "ok" : "FAIL"
        }')
    echo "ratio $kind $operation / $baseline: $top / $bottom = $verdict"
    [[ "$verdict" == *FAIL ]] && failures=$((failures + 1))
done

if [[ $failures != 0 ]]; then
    cat >&2 <<EOF

gate.sh: $failures ratio(s) over the limit. Profile the operation:

    cd Benchmarks && SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \\
        \$(swift build -c release --show-bin-path)/remedy-profile OPERATION 1000
    callgrind_annotate --inclusive=yes callgrind.out.* | swift demangle --simplified | less
EOF
    exit 1
fi
echo "== gate passed"
