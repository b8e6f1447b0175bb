#!/usr/bin/env bash
# Builds the Problem Details fuzzer with libFuzzer and AddressSanitizer and runs it for a bounded number of
# executions over the committed seed corpus. Fails on any crash, leak, timeout (hang) or memory blow-up.
#
#   Fuzz/run.sh                 # build (about a minute), then 250000 executions (50 to 90 s), on 2 cores
#   FUZZ_RUNS=2000000 Fuzz/run.sh
#   Fuzz/run.sh --build-only
#   Fuzz/run.sh --no-build      # run the last build again
#
# `swift build` doesn't instrument for libFuzzer, so Remedy's sources are compiled here with swiftc, in one
# module with the fuzz target (which reaches internal API), against swift-log compiled as its own module.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${FUZZ_RUNS:-250000}"
max_total_time="${FUZZ_MAX_TOTAL_TIME:-90}"
work=.build/fuzz
mkdir -p "$work"

swift_log=.build/checkouts/swift-log/Sources/Logging
if [[ ! -d "$swift_log" ]]; then
    swift package resolve >/dev/null
fi

start=$(date +%s)
if [[ "${1:-}" != "--no-build" ]]; then
# The resource bundle accessor SwiftPM would generate: the string tables, read from the source tree.
cat >"$work/ResourceBundle.swift" <<SWIFT
import Foundation

extension Foundation.Bundle {
    static let module: Bundle = {
        guard let bundle = Bundle(path: "$PWD/Sources/Remedy/Resources") else {
            Swift.fatalError("could not load Remedy's resources from the source tree")
        }
        return bundle
    }()
}
SWIFT

echo "== fuzz: compiling swift-log"
# swift-log's own settings (its Package.swift): Swift 5 mode with these upcoming features.
find "$swift_log" -name '*.swift' -print0 | xargs -0 \
    swiftc -module-name Logging -package-name swift_log -parse-as-library -O -sanitize=address \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
    -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature NonisolatedNonsendingByDefault \
    -emit-module -emit-module-path "$work/Logging.swiftmodule" \
    -emit-library -static -o "$work/libLogging.a" -suppress-warnings

echo "== fuzz: compiling Remedy and the fuzz target (-sanitize=fuzzer,address)"
find Sources/Remedy -name '*.swift' -print0 | xargs -0 \
    swiftc -module-name Remedy -package-name Remedy -parse-as-library -O -g \
    -sanitize=fuzzer,address -swift-version 6 \
    -I "$work" -L "$work" -lLogging \
    "$work/ResourceBundle.swift" Fuzz/ProblemDetailsFuzzer.swift \
    -o "$work/problem-details-fuzzer"
fi
built=$(date +%s)
echo "== fuzz: built in $((built - start)) s"

if [[ "${1:-}" == "--build-only" ]]; then exit 0; fi

# New inputs go to a scratch directory; the committed corpus is only read.
scratch="$work/corpus"
rm -rf "$scratch"
mkdir -p "$scratch"
echo "== fuzz: $runs executions (at most ${max_total_time} s)"
set +e
"$work/problem-details-fuzzer" "$scratch" Fuzz/corpus \
    -runs="$runs" -max_total_time="$max_total_time" -timeout=5 -rss_limit_mb="${FUZZ_RSS_LIMIT_MB:-2048}" \
    -max_len=16384 -print_final_stats=1 -artifact_prefix="$work/" >"$work/fuzz.log" 2>&1
status=$?
set -e
grep -E '^(Done|stat::|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|.*Fatal error|.*ERROR)' "$work/fuzz.log" || true
seeds=$(find Fuzz/corpus -type f | wc -l)
seed_bytes=$(find Fuzz/corpus -type f -exec cat {} + | wc -c)
echo "== fuzz: ran in $(($(date +%s) - built)) s; seed corpus $seeds files, $seed_bytes bytes;" \
    "$(find "$scratch" -type f | wc -l) new inputs"
if [[ $status -ne 0 ]]; then
    echo "== fuzz: FAILED (exit $status): the input is in $work/ (crash-*, leak-*, timeout-*, oom-*); full log:"
    tail -n 40 "$work/fuzz.log"
fi
exit "$status"
