#!/usr/bin/env bash
# Endless standard input: a generator writes accelerometer CSV lines (a shake every 10 s at 100 Hz, with
# a NaN line now and then) as fast as `gesturelab detect --input -` reads them, for SECONDS seconds
# (default 600). The resident memory of detect is sampled every 10 s; the run fails if it grows by more
# than MAX_GROWTH_MB (default 16) after the first sample, or if detect exits early.
# Usage: bash scripts/soak-detect.sh [SECONDS] [RECOGNIZER]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600} recognizer=${2:-shake} max_growth=${MAX_GROWTH_MB:-16}
gesturelab=${GESTURELAB:-.build/release/gesturelab}
[ -x "$gesturelab" ] || { echo "soak-detect: build first (swift build -c release)" >&2; exit 1; }
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

mkfifo "$work/in"
python3 -c '
import math, sys
rate, out = 100, sys.stdout
cycle = []
for i in range(1000):                       # 10 s: still, then a 0.6 s shake of 2 g at 4 Hz
    t = i / rate
    x = 2 * math.sin(2 * math.pi * 4 * (t - 2)) if 2 <= t < 2.6 else 0.0
    cycle.append("%.4f,0.0,-1.0" % x)
out.write("time,x,y,z\n")
n = 0
while True:
    lines = []
    for k, values in enumerate(cycle):
        lines.append("%.2f,%s\n" % ((n + k) / rate, "nan,0,-1" if (n + k) % 100_000 == 99_999 else values))
    n += len(cycle)
    out.write("".join(lines))
' > "$work/in" 2>/dev/null &
"$gesturelab" detect --recognizer "$recognizer" --input - --json < "$work/in" > "$work/events" 2> "$work/stderr" &
pid=$!
printf "%8s %12s %10s\n" seconds "resident MB" events
first="" largest=0
for ((t = 10; t <= seconds; t += 10)); do
  sleep 10
  kill -0 "$pid" 2>/dev/null || { echo "soak-detect: detect exited early:" >&2; cat "$work/stderr" >&2; exit 1; }
  rss=$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$pid/status")
  events=$(wc -l < "$work/events")
  printf "%8d %12s %10d\n" "$t" "$rss" "$events"
  if [ -z "$first" ]; then first=$rss; fi
  largest=$(awk -v a="$largest" -v r="$rss" -v f="$first" 'BEGIN { g = r - f; print (g > a ? g : a) }')
done
kill "$pid"
echo "detect read about $(( $(tail -n 1 "$work/events" | sed -E 's/.*"time":([0-9.]+).*/\1/' | cut -d. -f1) * 100 )) samples in ${seconds} s;" \
     "resident memory ${first} MB at 10 s, largest growth after it ${largest} MB"
awk -v g="$largest" -v m="$max_growth" 'BEGIN { exit !(g <= m) }' || { echo "soak-detect: memory grew by ${largest} MB" >&2; exit 1; }
