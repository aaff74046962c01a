#!/usr/bin/env bash
# Fuzzes every reader of outside bytes (the libFuzzer targets of the Fuzz package, one per reader):
# builds them with AddressSanitizer and coverage, runs each for SECONDS on a working copy of its seed
# corpus (Fuzz/Corpus/<target>, never modified), prints a summary table and exits non-zero when any
# target found a crash, a hang or a memory blow-up. Findings are kept in fuzz-artifacts/<target>/.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 20)] [TARGET…  (default: all)]
# FUZZ_JOBS=N runs N targets at a time (default 1; each still gets SECONDS).
# FUZZ_BUILD=0 runs the targets as last built, without building (for example while a build is locked).
# FUZZ_UNOPTIMIZED=1 compiles the Swift code without optimisation (-Onone; C stays optimised): about a third of the
# build time (130 s against 418 s on 2 cores), for CI's short run; the long runs before a stop keep the optimised build,
# which tries more inputs a second.
#
# Swift has no UndefinedBehaviorSanitizer (swiftc rejects -sanitize=undefined on Linux); its own
# checks (overflow, bounds, force unwraps) trap in release builds too, which libFuzzer reports as crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

seconds="${1:-20}"
[ $# -gt 0 ] && shift
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "fuzz: SECONDS_PER_TARGET must be a positive whole number, got '$seconds'" >&2
  exit 2
fi
jobs="${FUZZ_JOBS:-1}"
bash scripts/setup.sh  # GSL and pkg-config, when missing

all_targets=()
for dir in Fuzz/Sources/Fuzz*/; do
  name="$(basename "$dir")"
  [ "$name" = FuzzSupport ] || all_targets+=("$name")
done
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  if [ ! -f "Fuzz/Sources/$target/main.swift" ]; then
    echo "fuzz: no target '$target'; targets: ${all_targets[*]}" >&2
    exit 2
  fi
done

# Limits. A hang: one input taking over 1 s (inputs are at most 64 KiB). A memory blow-up: more than
# 100 times the input in one allocation (100 x 64 KiB, rounded up to whole MiB), or a resident size
# growing past the process's own baseline (measured below) by more than rss_margin_mb; RSS cannot be
# judged finer, as ASan's quarantine and libFuzzer's in-memory corpus grow it during a run.
max_len=65536
malloc_limit_mb=7
rss_margin_mb=128

# The toolchain's own lld: gold crashes on these objects and the system linker may be missing.
swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
lld="$swift_bin/ld.lld"
if [ ! -x "$lld" ]; then
  echo "fuzz: $lld not found; the Swift toolchain ships lld beside swift" >&2
  exit 1
fi

# Builds never run concurrently on the shared 2-core machine (locked-build); elsewhere plain swift.
build=(swift build)
command -v locked-build >/dev/null 2>&1 && build=(locked-build swift build)
flags=(-c release
       -Xswiftc -sanitize=fuzzer,address
       -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
       -Xswiftc "-use-ld=$lld")
[ "${FUZZ_UNOPTIMIZED:-0}" = 1 ] && flags+=(-Xswiftc -Onone)
bin="$(cd Fuzz && swift build "${flags[@]}" --show-bin-path)"
if [ "${FUZZ_BUILD:-1}" = 0 ] && [ -x "$bin/${targets[0]}" ]; then
  echo "fuzz: FUZZ_BUILD=0: running the targets last built in $bin" >&2
else
  echo "fuzz: building the Fuzz package (${build[*]} ${flags[*]})" >&2
  (cd Fuzz && "${build[@]}" "${flags[@]}" >&2)
fi

artifacts="$root/fuzz-artifacts"
work="$(mktemp -d "${TMPDIR:-/tmp}/gesturelab-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The targets' scratch files (inputs for readers that take a URL) go with the working folder, even
# when a finding ends a target before it cleans up.
export TMPDIR="$work/tmp"
# libFuzzer handles a Swift runtime trap itself (and writes the input); Swift's backtracer would
# stop it and leave helper processes behind. Reproducing a finding gives the Swift backtrace.
export SWIFT_BACKTRACE=enable=no
# symbolize=0: symbolizing a crash can take minutes; reproduce a finding to see its stack (below).
# Leaks are not findings: the Swift runtime keeps metadata caches alive until exit.
export ASAN_OPTIONS="symbolize=0:detect_leaks=0:quarantine_size_mb=16:malloc_context_size=10"

# Runs one target; its log goes to $work/<target>.log.
run_target() {
  local target="$1" corpus="$work/corpus/$1" out="$artifacts/$1" log="$work/$1.log"
  mkdir -p "$corpus" "$out" "$work/tmp"
  touch "$work/$1.start"  # artifacts newer than this are this run's findings
  cp -R "Fuzz/Corpus/$target/." "$corpus/"
  # The process's own resident size: one run over an empty input.
  local baseline
  baseline="$(cd "$work" && "$bin/$target" -runs=1 -print_final_stats=1 2>&1 | awk '/stat::peak_rss_mb/ { print $2 }')"
  local rss_limit=$(( ${baseline:-100} + rss_margin_mb ))
  echo "baseline_rss_mb: ${baseline:-?} rss_limit_mb: $rss_limit" > "$log"
  # libFuzzer stops at the first finding; the outer timeout only guards against a wedged process.
  (cd "$work" && timeout --kill-after=30 $(( seconds + 300 )) "$bin/$target" \
     -max_total_time="$seconds" -max_len="$max_len" -timeout=1 \
     -rss_limit_mb="$rss_limit" -malloc_limit_mb="$malloc_limit_mb" \
     -artifact_prefix="$out/" -print_final_stats=1 -close_fd_mask=1 "$corpus" >> "$log" 2>&1) || true
}

echo "fuzz: ${#targets[@]} targets, ${seconds}s each, $jobs at a time; findings go to $artifacts/" >&2
running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  echo "fuzz: running $target" >&2
  run_target "$target" &
  running=$((running + 1))
done
wait

# The summary: executions, coverage (edges, features) and corpus from libFuzzer's last status line.
status=0
printf '%-18s %12s %8s %8s %16s  %s\n' target executions cov ft corpus findings
for target in "${targets[@]}"; do
  log="$work/$target.log"
  executions="$(awk '/stat::number_of_executed_units/ { n = $2 } END { print n + 0 }' "$log")"
  read -r cov ft corpus < <(awk '
    match($0, /cov: [0-9]+ ft: [0-9]+ corp: [0-9]+\/[0-9]+[A-Za-z]+/) {
      split(substr($0, RSTART, RLENGTH), f, " "); cov = f[2]; ft = f[4]; corp = f[6]
    }
    END { print (cov == "" ? "-" : cov), (ft == "" ? "-" : ft), (corp == "" ? "-" : corp) }' "$log")
  findings=()
  for kind in crash timeout oom; do
    count="$(find "$artifacts/$target" -maxdepth 1 -name "$kind-*" -newer "$work/$target.start" 2>/dev/null | wc -l)"
    [ "$count" -gt 0 ] && findings+=("$count $kind")
  done
  if [ ${#findings[@]} -gt 0 ]; then
    status=1
    cp "$log" "$artifacts/$target/fuzz.log"
    printf '%-18s %12s %8s %8s %16s  %s\n' "$target" "$executions" "$cov" "$ft" "$corpus" "$(IFS=,; echo "${findings[*]}") (log: fuzz-artifacts/$target/fuzz.log)"
  elif [ "$executions" -eq 0 ]; then
    # Nothing ran: the target failed to start (its log says why).
    status=1
    cp "$log" "$artifacts/$target/fuzz.log"
    printf '%-18s %12s %8s %8s %16s  %s\n' "$target" 0 - - - "did not run (log: fuzz-artifacts/$target/fuzz.log)"
  else
    printf '%-18s %12s %8s %8s %16s  %s\n' "$target" "$executions" "$cov" "$ft" "$corpus" none
  fi
done
if [ "$status" -ne 0 ]; then
  echo "fuzz: findings in $artifacts/. Reproduce one with a symbolized stack:" >&2
  echo "  ASAN_OPTIONS=detect_leaks=0 timeout 300 $bin/<target> fuzz-artifacts/<target>/<artifact>" >&2
fi
exit "$status"
