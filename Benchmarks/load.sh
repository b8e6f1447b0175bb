#!/usr/bin/env bash
# Requests per second of a failing route over loopback: plain Hummingbird answering its HTTPError, against
# the same route behind ProblemDetailsMiddleware, measured alternately in one run (wall clock: reported as
# a ratio against the plain server of the same run, never gated). Also the resident memory of each server
# before and after its load.
#
#   Benchmarks/load.sh                 # 2 rounds of 10 s per server (about a minute after the build)
#   LOAD_SECONDS=5 LOAD_ROUNDS=1 Benchmarks/load.sh
#
# Installs wrk and curl (Debian's packages) when they are missing. Servers listen on 127.0.0.1 only and are stopped
# at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")"

seconds="${LOAD_SECONDS:-10}"
rounds="${LOAD_ROUNDS:-2}"
connections="${LOAD_CONNECTIONS:-32}"

for tool in wrk curl; do
    if ! command -v "$tool" >/dev/null; then
        apt-get install -y "$tool" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$tool" >/dev/null; }
    fi
done

swift build -c release --product remedy-load-server >/dev/null
server=$(swift build -c release --show-bin-path)/remedy-load-server

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

resident_mb() {
    awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"
}

declare -A port pid
for mode in plain problemDetails; do
    port[$mode]=$(free_port)
    "$server" "${port[$mode]}" "$mode" 2>/dev/null &
    pid[$mode]=$!
    pids+=("$!")
done
for mode in plain problemDetails; do
    for _ in $(seq 1 100); do
        curl -s -o /dev/null "http://127.0.0.1:${port[$mode]}/hello" && break
        sleep 0.1
    done
done

declare -A before total
for mode in plain problemDetails; do
    before[$mode]=$(resident_mb "${pid[$mode]}")
    total[$mode]=0
done
# The answers are checked once: 503, and Problem Details only behind the middleware.
plain_type=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "http://127.0.0.1:${port[plain]}/overload")
problem_type=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "http://127.0.0.1:${port[problemDetails]}/overload")
echo "plain answers: $plain_type; middleware answers: $problem_type"
[[ "$problem_type" == "503 application/problem+json" ]] || { echo "the middleware's answer is not Problem Details"; exit 1; }

printf '| round | server | requests/s | p99 latency |\n|---|---|---|---|\n'
for round in $(seq 1 "$rounds"); do
    for mode in plain problemDetails; do
        out=$(wrk -t1 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:${port[$mode]}/overload")
        rps=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
        p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
        total[$mode]=$(python3 -c "print(${total[$mode]} + $rps)")
        printf '| %s | %s | %s | %s |\n' "$round" "$mode" "$rps" "$p99"
    done
done

printf '\n| server | mean requests/s | resident before | resident after |\n|---|---|---|---|\n'
for mode in plain problemDetails; do
    printf '| %s | %.0f | %s MB | %s MB |\n' "$mode" "$(python3 -c "print(${total[$mode]} / $rounds)")" \
        "${before[$mode]}" "$(resident_mb "${pid[$mode]}")"
done
python3 -c "print('ratio (middleware / plain): %.2fx' % (${total[problemDetails]} / ${total[plain]}))"
