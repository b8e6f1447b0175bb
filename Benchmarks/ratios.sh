#!/usr/bin/env bash
# Runs Remedy's benchmark suite and prints one table: each operation's median time and mallocs, the
# baseline measured in the same run, the ratio, the target, and whether it meets it.
#
# Usage: Benchmarks/ratios.sh [--short] [--strict] [--filter REGEX] [--skip REGEX] [--results DIRECTORY]
#
#   --short      A smoke run for CI (REMEDY_BENCHMARK_SHORT=1): few samples per benchmark.
#   --strict     Exit non-zero when any target is missed or not run. Without it the script reports and
#                exits 0: wall-clock figures drift on a shared machine and are never gated. The gate
#                is on counts that don't drift: Benchmarks/gate.sh.
#   --filter, --skip
#                Regular expressions (whole-name matches) passed on to package-benchmark.
#   --results    Read the samples of an earlier run from DIRECTORY instead of running the suite.
#
# The table is computed from package-benchmark's `histogramSamples` export: every sample of every
# benchmark, from which this script takes the median. Times are per operation: a benchmark whose name
# ends in `.xN` times N runs per sample (fast operations: 1,000, scaling factor .kilo; the 1,000-deep
# chain's release: 10 chains) and is divided back.
set -euo pipefail
cd "$(dirname "$0")"

short=0
strict=0
results=""
filters=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --short) short=1 ;;
        --strict) strict=1 ;;
        --filter | --skip)
            filters+=("$1" "$2")
            shift
            ;;
        --results)
            results="$2"
            shift
            ;;
        -h | --help)
            sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "ratios.sh: unknown argument '$1' (try --help)" >&2
            exit 64
            ;;
    esac
    shift
done

if [[ -z "$results" ]]; then
    results="$(mktemp -d "${TMPDIR:-/tmp}/remedy-benchmarks.XXXXXX")"
    log="$results/run.log"
    echo "== running the benchmark suite$([[ $short == 1 ]] && echo " (short)") — log: $log"
    started=$SECONDS
    if ! REMEDY_BENCHMARK_SHORT=$short swift package --disable-sandbox benchmark --no-progress \
        --format histogramSamples --path "$results" ${filters[@]+"${filters[@]}"} >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "ratios.sh: the benchmark suite failed (log: $log)" >&2
        exit 1
    fi
    echo "== suite done in $((SECONDS - started)) s"
fi

# One line per benchmark and metric: `name metric median`, the median per operation (time in ns).
medians() {
    local file name metric header multiplier
    for file in "$results"/*.histogram.samples.tsv; do
        [[ -e "$file" ]] || continue
        name="${file##*/}"
        name="${name#*.RemedyBenchmarks.}"
        name="${name%.histogram.samples.tsv}"
        metric="${name##*.}"
        name="${name%.*}"
        header="$(head -n 1 "$file")"
        # Counts come in automatic units: (K) thousands, (M) millions, (G) billions.
        case "$header" in
            *"(K)"*) multiplier=1000 ;;
            *"(M)"*) multiplier=1000000 ;;
            *"(G)"*) multiplier=1000000000 ;;
            *"(ns)"* | *) multiplier=1 ;;
        esac
        case "$header" in
            Time*"(μs)"*) multiplier=1000 ;;
            Time*"(ms)"*) multiplier=1000000 ;;
            Time*"(s)"*) multiplier=1000000000 ;;
        esac
        tail -n +2 "$file" | sort -n | awk -v name="$name" -v metric="$metric" -v multiplier="$multiplier" '
            { value[NR] = $1 }
            END {
                if (NR == 0) exit
                median = (NR % 2 == 1) ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2
                # Benchmarks that time N runs per sample say so in their names (`.x1000`, `.x10`).
                scale = (match(name, /\.x[0-9]+$/)) ? substr(name, RSTART + 2) + 0 : 1
                printf "%s %s %.6f\n", name, metric, median * multiplier / scale
            }'
    done
}

# The targets of the performance issue. Fields, separated by `|`:
#   operation | benchmark | baseline benchmark or - | check | target
# Checks: ratio (median / baseline's), time (ns), mallocs, difference (median - baseline's, ns),
# linear (median / the 10x smaller run's: linear growth is 10), sum (of the benchmarks joined by +, ns),
# info (no target: a floor or a figure shown for context; benchmarks joined by + are summed).
targets='
Presentation for a LocalizedError|presentation.localizedError.x1000|baseline.localizedError.errorDescription.x1000|ratio|4
Presentation for URLError(.notConnectedToInternet)|presentation.urlError.x1000|baseline.urlError.nsErrorLocalizedDescription.x1000|ratio|0.5
Presentation of a 3-level enum tree (reflection)|presentation.tree3.x1000|baseline.tree3.stringDescribing.x1000|ratio|0.5
  floor: Mirror and first child of its 2 enum nodes|baseline.tree3.mirrorFloor.x1000|baseline.tree3.stringDescribing.x1000|info|
  the same tree, WrappingError stating case names|presentation.tree3declared.x1000|baseline.tree3declared.stringDescribing.x1000|ratio|0.1
  WrappingError without declaredCaseName|presentation.tree3wrapping.x1000|baseline.tree3wrapping.stringDescribing.x1000|info|
Mallocs to resolve a 3-level tree (target of 12 retired: the reflection floor alone is 28)|presentation.tree3.x1000|-|info|
  floor: Mirror and first child of its 2 enum nodes|baseline.tree3.mirrorFloor.x1000|baseline.tree3.stringDescribing.x1000|info|
  the same tree, WrappingError stating case names|presentation.tree3declared.x1000|-|info|
Full plain-text report of that tree, WrappingError stating case names|report.tree3declared.text.x1000|baseline.tree3declared.stringDescribing.x1000|ratio|0.3
  WrappingError without declaredCaseName|report.tree3wrapping.text.x1000|baseline.tree3wrapping.stringDescribing.x1000|info|
  the same tree by reflection|report.tree3.text.x1000|baseline.tree3.stringDescribing.x1000|info|
  vs concatenating its bytes|report.tree3.text.x1000|baseline.tree3.text.concatenate.x1000|info|
One-line summary of that tree|report.tree3.summary.x1000|baseline.tree3.stringDescribing.x1000|info|
  the same tree, WrappingError stating case names|report.tree3declared.summary.x1000|baseline.tree3declared.stringDescribing.x1000|info|
Grouping key of that tree, WrappingError stating case names|report.tree3declared.groupingKey.x1000|-|time|1000
  WrappingError without declaredCaseName|report.tree3wrapping.groupingKey.x1000|-|info|
Grouping key of that tree, reflection (target of 0.3x retired: the reflection floor alone is 0.30x)|report.tree3.groupingKey.x1000|baseline.tree3.stringDescribing.x1000|info|
  floor: Mirror and first child of its 2 enum nodes|baseline.tree3.mirrorFloor.x1000|baseline.tree3.stringDescribing.x1000|info|
scope.handle, every error presented|handle.major.x1000|-|time|5000
A failing attempt, end to end|attempt.failure.x1000|-|time|10000
Storm: 10,000 errors from 1,000 tasks|storm.10000|-|time|100000000
scope.attempt when the operation succeeds|attempt.success.x1000|baseline.directCall.x1000|difference|30
10,000-deep chain: walk|chain.walk.10000|chain.walk.1000|linear|15
10,000-deep chain: summary|chain.summary.10000|chain.summary.1000|linear|15
10,000-deep chain: full report (capped)|chain.text.10000|chain.text.1000|linear|15
10,000-deep chain: release|chain.release.10000|chain.release.1000.x10|linear|15
10,000-deep chain: all four|chain.walk.10000+chain.summary.10000+chain.text.10000+chain.release.10000|-|sum|50000000
  floor: Mirror and first child per node, three walks|chain.mirrorFloor.10000+chain.mirrorFloor.10000+chain.mirrorFloor.10000|-|info|
100,000-layer ContextError: build|context100k.build|-|info|
100,000-layer ContextError: walk|context100k.walk|-|info|
100,000-layer ContextError: summary|context100k.summary|-|info|
100,000-layer ContextError: full report|context100k.text|-|info|
100,000-layer ContextError: release|context100k.release|-|info|
100,000-layer ContextError: all four|context100k.build+context100k.walk+context100k.text+context100k.release|-|sum|1000000000
  the same on a 512 KiB stack|context100k.all.stack512KiB|-|time|1000000000
'

{
    medians
    echo "--- targets"
    printf '%s\n' "$targets"
} | awk -F'|' -v strict="$strict" '
    function human(ns) {
        if (ns == "") return "-"
        if (ns < 1000) return sprintf("%.0f ns", ns)
        if (ns < 1000000) return sprintf("%.2f µs", ns / 1000)
        if (ns < 1000000000) return sprintf("%.2f ms", ns / 1000000)
        return sprintf("%.2f s", ns / 1000000000)
    }
    function count(value) { return value == "" ? "-" : sprintf("%.0f", value) }
    function has(name) { return median[name, "wallClock"] != "" }
    function time(name) { return median[name, "wallClock"] }
    function mallocs(name) { return median[name, "mallocCountTotal"] }
    function short(name) { sub(/\.x[0-9]+$/, "", name); return name }
    BEGIN { section = "medians"; misses = 0; missing = 0; rows = 0; targets = 0 }
    /^--- targets$/ { section = "targets"; next }
    section == "medians" { split($0, field, " "); median[field[1], field[2]] = field[3]; next }
    NF < 5 { next }
    {
        operation = $1; benchmark = $2; baseline = $3; check = $4; target = $5
        value = ""; allocations = ""; base = ""; ratio = ""; shown = ""; goal = ""; limit = ""
        runs = 1
        if (check == "sum" || index(benchmark, "+") > 0) {
            parts = split(benchmark, part, "+")
            value = 0; allocations = 0
            for (i = 1; i <= parts; i++) {
                if (!has(part[i])) runs = 0
                value += time(part[i]); allocations += mallocs(part[i])
            }
        } else {
            if (!has(benchmark) || (baseline != "-" && !has(baseline))) runs = 0
            value = time(benchmark); allocations = mallocs(benchmark)
            if (baseline != "-") base = time(baseline)
        }
        rows++
        if (check != "info") targets++
        row_operation[rows] = operation
        if (!runs) {
            row_value[rows] = "not run"; row_mallocs[rows] = ""; row_baseline[rows] = ""; row_ratio[rows] = ""
            row_target[rows] = ""; row_verdict[rows] = "not run"; missing++
            next
        }
        if (check == "ratio" || check == "linear" || check == "info") {
            if (base != "" && base > 0) { ratio = value / base; shown = sprintf("%.2fx", ratio) }
            if (check == "ratio") { goal = sprintf("<= %sx", target); measured = ratio }
            if (check == "linear") { goal = sprintf("<= %sx (10x depth)", target); measured = ratio }
        } else if (check == "difference") {
            measured = value - base; shown = sprintf("%+.0f ns", measured); goal = sprintf("<= +%s ns", target)
        } else if (check == "mallocs") {
            measured = allocations; shown = ""; goal = sprintf("<= %s mallocs", target)
        } else {
            measured = value; goal = "<= " human(target)
        }
        verdict = "-"
        if (check != "info") {
            if (measured <= target) verdict = "pass"
            else { verdict = sprintf("miss (%.1fx)", target > 0 ? measured / target : 0); misses++ }
        }
        row_value[rows] = human(value)
        row_mallocs[rows] = count(allocations)
        row_baseline[rows] = (base == "") ? "-" : short(baseline) " " human(base)
        row_ratio[rows] = shown == "" ? "-" : shown
        row_target[rows] = goal == "" ? "-" : goal
        row_verdict[rows] = verdict
    }
    function display_length(text) { gsub(/µ/, "u", text); return length(text) }
    function spaces(n,    result) { result = ""; while (n-- > 0) result = result " "; return result }
    END {
        header[1] = "operation"; header[2] = "median"; header[3] = "mallocs"; header[4] = "baseline (same run)"
        header[5] = "ratio"; header[6] = "target"; header[7] = "strict"
        for (c = 1; c <= 7; c++) width[c] = length(header[c])
        for (r = 1; r <= rows; r++) {
            cell[r, 1] = row_operation[r]; cell[r, 2] = row_value[r]; cell[r, 3] = row_mallocs[r]
            cell[r, 4] = row_baseline[r]; cell[r, 5] = row_ratio[r]; cell[r, 6] = row_target[r]
            cell[r, 7] = row_verdict[r]
            for (c = 1; c <= 7; c++) if (display_length(cell[r, c]) > width[c]) width[c] = display_length(cell[r, c])
        }
        rule = ""
        for (c = 1; c <= 7; c++) {
            printf "| %s%s ", header[c], spaces(width[c] - length(header[c]))
            rule = rule "|" spaces(width[c] + 2)
        }
        printf "|\n"
        gsub(/ /, "-", rule); print rule "|"
        for (r = 1; r <= rows; r++) {
            for (c = 1; c <= 7; c++) {
                pad = spaces(width[c] - display_length(cell[r, c]))
                # Numbers are right-aligned, words left-aligned.
                if (c == 2 || c == 3 || c == 5) printf "| %s%s ", pad, cell[r, c]
                else printf "| %s%s ", cell[r, c], pad
            }
            printf "|\n"
        }
        printf "\nstrict: %d of %d targets missed", misses, targets
        if (missing > 0) printf "; not run: %d", missing
        printf " (wall clock is reported, never gated; the gate on counts is gate.sh)\n"
        if (strict && (misses > 0 || missing > 0)) exit 3
    }'
