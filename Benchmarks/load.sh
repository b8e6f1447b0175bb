#!/usr/bin/env bash
# Requests per second of failing routes over loopback: plain Hummingbird answering the route's error, against
# the same route behind ProblemDetailsMiddleware, measured alternately in one run (wall clock: reported as
# a ratio against the plain server of the same run, never gated; the target is 0.8x plain on the route
# throwing the app's enum). Also the resident memory of each server before and after its load.
#
# Routes: /booking throws the app's own LocalizedError enum; /overload a lone HTTPError(.serviceUnavailable).
#
#   Benchmarks/load.sh                 # 10 rounds of 3 s per server and route (about two minutes after the build)
#   LOAD_SECONDS=3 LOAD_ROUNDS=8 LOAD_ROUTES=/booking Benchmarks/load.sh
#
# Installs wrk and curl (Debian's packages) when they are missing. Servers listen on 127.0.0.1 only and are stopped
# at the end, whatever happens.
set -euo pipefail
cd "$(dirname "$0")"

seconds="${LOAD_SECONDS:-3}"
rounds="${LOAD_ROUNDS:-10}"
connections="${LOAD_CONNECTIONS:-32}"
routes="${LOAD_ROUTES:-/booking /overload}"

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

declare -A before
for mode in plain problemDetails; do
    before[$mode]=$(resident_mb "${pid[$mode]}")
done
# The answers are checked once: Problem Details only behind the middleware.
for route in $routes; do
    plain_type=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "http://127.0.0.1:${port[plain]}$route")
    problem_type=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' "http://127.0.0.1:${port[problemDetails]}$route")
    echo "$route: plain answers $plain_type; the middleware answers $problem_type"
    [[ "$problem_type" == *" application/problem+json" ]] || { echo "the middleware's answer is not Problem Details"; exit 1; }
done

# The servers share 2 cores with wrk and, on a virtual machine, with its neighbours: a single pair of runs
# can differ by 20% either way. So the servers take turns in many short rounds (the first to run alternates),
# each round gives one ratio, and the figure is the median of those ratios. The servers' own CPU time per
# request (user + system, from /proc) is reported beside it: it moves less with the neighbours.
cpu_ticks() {
    awk '{ print $14 + $15 }' "/proc/$1/stat"
}
ticks_per_second=$(getconf CLK_TCK)
results=$(mktemp)
printf '| round | route | server | requests/s | p99 latency | server CPU per request |\n|---|---|---|---|---|---|\n'
for round in $(seq 1 "$rounds"); do
    order="plain problemDetails"
    (( round % 2 == 0 )) && order="problemDetails plain"
    for route in $routes; do for mode in $order; do
        ticks=$(cpu_ticks "${pid[$mode]}")
        out=$(wrk -t1 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:${port[$mode]}$route")
        ticks=$(( $(cpu_ticks "${pid[$mode]}") - ticks ))
        rps=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
        p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
        requests=$(awk '/requests in/ { print $1 }' <<<"$out")
        cpu=$(python3 -c "print('%.1f' % ($ticks * 1e6 / $ticks_per_second / $requests))")
        echo "$round $route $mode $rps $cpu" >>"$results"
        printf '| %s | %s | %s | %s | %s | %s µs |\n' "$round" "$route" "$mode" "$rps" "$p99" "$cpu"
    done; done
done

printf '\n| route | server | median requests/s | median CPU per request |\n|---|---|---|---|\n'
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
for route in dict.fromkeys(row[1] for row in rows):
    for mode in ("plain", "problemDetails"):
        mine = [row for row in rows if row[1] == route and row[2] == mode]
        print("| %s | %s | %.0f | %.1f µs |" % (route, mode, statistics.median(float(r[3]) for r in mine),
                                              statistics.median(float(r[4]) for r in mine)))
print()
for route in dict.fromkeys(row[1] for row in rows):
    rps = {(row[0], row[2]): float(row[3]) for row in rows if row[1] == route}
    rounds = sorted({row[0] for row in rows}, key=int)
    ratios = [rps[(r, "problemDetails")] / rps[(r, "plain")] for r in rounds]
    print("%s: ratios per round (middleware / plain): %s" % (route, ", ".join("%.2f" % ratio for ratio in ratios)))
    print("%s: ratio (middleware / plain), median of %d rounds: %.2fx" % (route, len(ratios), statistics.median(ratios)))
PY
printf '\n| server | resident before | resident after |\n|---|---|---|\n'
for mode in plain problemDetails; do
    printf '| %s | %s MB | %s MB |\n' "$mode" "${before[$mode]}" "$(resident_mb "${pid[$mode]}")"
done
rm -f "$results"
