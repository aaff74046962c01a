#!/usr/bin/env bash
# Builds the embedding example (GestureKit only) and pipes a short generated stream through it:
# a phone face up for 2 s, upright in portrait for 2 s, face down for 2 s, at 50 Hz. Then builds the recording
# reader (GestureData and GestureKit) and runs it on a file, a dataset folder and OSC over UDP, and checks that
# neither example links GSL. The examples are debug builds: they prove that the libraries embed and run seconds of
# input, and a second optimised build of GestureKit and GestureData would add minutes to CI.
set -euo pipefail
cd "$(dirname "$0")/../Examples/EmbeddedRecognizer"

swift build --product EmbeddedRecognizer
binary="$(swift build --show-bin-path)/EmbeddedRecognizer"

stream() {
  awk 'BEGIN {
    print "t,ax,ay,az"
    for (i = 0; i < 300; i++) {
      t = i / 50
      if (t < 2) { x = 0; y = 0; z = -1 } else if (t < 4) { x = 0; y = -1; z = 0 } else { x = 0; y = 0; z = 1 }
      printf "%.2f,%g,%g,%g\n", t, x, y, z
    }
  }'
}

output="$(stream | "$binary" --recognizer orientation)"
echo "$output"
expected=$'began faceUp\nended faceUp\nbegan portrait\nended portrait\nbegan faceDown'
actual="$(echo "$output" | awk '$3 != "lyingOnBack" { print $2, $3 }')"
if [ "$actual" != "$expected" ]; then
  echo "examples: EmbeddedRecognizer printed unexpected events:" >&2
  echo "$actual" >&2
  exit 1
fi

# A configuration file is honoured: a 5-second smoothing time constant cannot follow 2-second poses.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
config="$scratch/slow.json"
echo '{"smoothing": {"timeConstant": {"_0": 5}}}' > "$config"
if stream | "$binary" --recognizer orientation --config "$config" | grep -q portrait; then
  echo "examples: the configuration file was not applied" >&2
  exit 1
fi
# The whole path of the embedding article: gesturelab tunes a shake counter on the shipped dataset
# and writes JSON; the app (GestureKit alone) loads it and finds both annotated shakes of a recording.
root="$(cd ../.. && pwd)"
# EXAMPLES_GESTURELAB_BUILT=1 (scripts/test.sh, right after `swift test -c release` built it) skips rebuilding
# gesturelab: a plain `swift build` after the tests' build (testing enabled) would compile the whole package again.
if [ "${EXAMPLES_GESTURELAB_BUILT:-0}" != 1 ]; then (cd "$root" && swift build -c release --product gesturelab >/dev/null); fi
(cd "$root" && .build/release/gesturelab train --recognizer shake --config configs/shake.yaml --dataset datasets/default \
       --labels shake --search peakThreshold=1.0:1.5:0.25 --out "$scratch/shake.json" --quiet >/dev/null)
recording="$root/datasets/default/recordings/subject01-session1-01.csv"
annotated="$(grep -c ',shake$' "$root/datasets/default/annotations/subject01-session1-01.csv")"
detected="$(awk -F, 'NR == 1 { print "t,ax,ay,az"; next } { print $1 "," $2 "," $3 "," $4 }' "$recording" \
  | "$binary" --recognizer shake --config "$scratch/shake.json" | grep -c 'ended shake' || true)"
if [ "$detected" != "$annotated" ]; then
  echo "examples: a tuned shake configuration found $detected shakes, the recording has $annotated" >&2
  exit 1
fi

# A DTW model trained on user acceleration (gravity removed), run on accelerometer-only input as
# CMAccelerometerData or a t,ax,ay,az logger gives it: the example reports the gravity split it adds and
# finds the shakes. A model needing rotation rate fails loudly instead, naming the channel.
cat > "$scratch/user-dtw.yaml" <<'YAML'
channels: [user.x, user.y, user.z]
selection: 3
minimumDuration: 0.3
maximumDuration: 1.5
rejection: {method: stream, objective: f1}
YAML
(cd "$root" && .build/release/gesturelab train --recognizer dtw --config "$scratch/user-dtw.yaml" --dataset datasets/default \
   --labels shake --out "$scratch/user-shake.json" --quiet >/dev/null)
accelerometer_only() {
  awk -F, 'NR == 1 { print "t,ax,ay,az"; next } { print $1 "," $2 "," $3 "," $4 }' "$recording"
}
accelerometer_only | "$binary" --recognizer dtw --config "$scratch/user-shake.json" >"$scratch/dtw.out" 2>"$scratch/dtw.err"
if ! grep -q 'user.x, user.y, user.z.*gravity split' "$scratch/dtw.err"; then
  echo "examples: the user-acceleration model did not report the gravity split it needs:" >&2
  cat "$scratch/dtw.err" >&2
  exit 1
fi
found="$(grep -c 'ended shake' "$scratch/dtw.out" || true)"
if [ "$found" -lt "$annotated" ] || [ "$found" -gt $((annotated + 1)) ]; then
  echo "examples: the user-acceleration model found $found shakes on accelerometer-only input, the recording has $annotated" >&2
  exit 1
fi
cat > "$scratch/gyro-dtw.yaml" <<'YAML'
channels: [gyro.x, gyro.y, gyro.z]
selection: 1
YAML
(cd "$root" && .build/release/gesturelab train --recognizer dtw --config "$scratch/gyro-dtw.yaml" --dataset datasets/default \
   --labels shake --out "$scratch/gyro-shake.json" --quiet >/dev/null)
if accelerometer_only | "$binary" --recognizer dtw --config "$scratch/gyro-shake.json" >/dev/null 2>"$scratch/gyro.err"; then
  echo "examples: a rotation-rate model ran on accelerometer-only input without an error" >&2
  exit 1
fi
grep -q 'needs channel gyro.x' "$scratch/gyro.err" || { echo "examples: the missing-channel error does not name gyro.x:" >&2; cat "$scratch/gyro.err" >&2; exit 1; }
# A MiniRocket stream model (a window classifier with its window, hop, context and thresholds in the file), trained
# by gesturelab on the shipped dataset, loaded and run by the example through GestureKit alone.
cat > "$scratch/stream.yaml" <<'YAML'
channels: [user.x, user.y, user.z]
window: 1
hop: 0.1
context: 0.25
refractoryTime: 0.5
features: 504
maxDilationsPerKernel: 6
maxWindows: 600
YAML
(cd "$root" && .build/release/gesturelab train --recognizer minirocket-stream --config "$scratch/stream.yaml" --dataset datasets/default \
   --labels shake --out "$scratch/stream-shake.json" --quiet >/dev/null)
found="$(accelerometer_only | "$binary" --recognizer minirocket-stream --config "$scratch/stream-shake.json" 2>/dev/null | grep -c 'ended shake' || true)"
if [ "$found" -lt "$annotated" ] || [ "$found" -gt $((annotated + 1)) ]; then
  echo "examples: the MiniRocket stream model found $found shakes, the recording has $annotated" >&2
  exit 1
fi
echo "examples: EmbeddedRecognizer OK"

# --- RecordingReader: a recording, a dataset folder and OSC input through GestureData, without GSL ---

# The binary's GSL libraries (libgsl, libgslcblas), as the dynamic linker resolves them and as its NEEDED
# entries name them, one a line; empty when there are none.
gsl_libraries() {
  if command -v ldd >/dev/null; then
    { ldd "$1"; readelf -d "$1" 2>/dev/null || objdump -p "$1"; } | grep -Eo 'libgsl(cblas)?[^] ]*' | sort -u || true
  else
    otool -L "$1" | grep -Eo 'libgsl(cblas)?[^ ]*' | sort -u || true
  fi
}
# Fails the script when the binary $1 links GSL.
expect_no_gsl() {
  local found
  found="$(gsl_libraries "$1")"
  if [ -n "$found" ]; then
    echo "examples: $1 links GSL: $(echo $found)" >&2
    exit 1
  fi
}
# The check can fail: gesturelab links GSL (GestureEval's statistics), and the check must see it.
if [ -z "$(gsl_libraries "$root/.build/release/gesturelab")" ]; then
  echo "examples: the GSL link check finds no libgsl in .build/release/gesturelab, which links it: the check is broken" >&2
  exit 1
fi
expect_no_gsl "$binary"

cd "$root/Examples/RecordingReader"
swift build --product RecordingReader
reader="$(swift build --show-bin-path)/RecordingReader"
expect_no_gsl "$reader"

# A recording in the project's own columns: the tilt sequence with a still gyroscope.
stream | awk -F, 'NR == 1 { print "time,accel.x,accel.y,accel.z,gyro.x,gyro.y,gyro.z"; next } { print $0 ",0,0,0" }' > "$scratch/tilt.csv"
from_file="$("$reader" --recognizer orientation "$scratch/tilt.csv")"
actual="$(echo "$from_file" | awk '$3 != "lyingOnBack" { print $2, $3 }')"
if [ "$actual" != "$expected" ]; then
  echo "examples: RecordingReader printed unexpected events for tilt.csv:" >&2
  echo "$from_file" >&2
  exit 1
fi

# A dataset folder: every recording, each event prefixed by its id. The shake configuration tuned above finds
# every annotated shake of the shipped dataset, and those of the recording tested above in its lines.
from_dataset="$("$reader" --recognizer shake --config "$scratch/shake.json" --dataset "$root/datasets/default")"
found="$(echo "$from_dataset" | grep -c ' ended shake ' || true)"
annotated_all="$(cat "$root"/datasets/default/annotations/*.csv | grep -c ',shake$')"
found_one="$(echo "$from_dataset" | grep -c '^subject01-session1-01 [0-9.]* ended shake ' || true)"
if [ "$found" != "$annotated_all" ] || [ "$found_one" != "$annotated" ]; then
  echo "examples: RecordingReader found $found shakes in datasets/default ($found_one in subject01-session1-01)," \
    "the dataset has $annotated_all ($annotated):" >&2
  echo "$from_dataset" >&2
  exit 1
fi

# OSC over UDP on localhost: the reader listens on a free port and says which; the same file is sent to it as OSC
# bundles stamped with the samples' times, so the events are those of the file.
"$reader" --recognizer orientation --osc osc://127.0.0.1:0 --idle 2 >"$scratch/osc.out" 2>"$scratch/osc.err" &
listener=$!
port=""
for _ in $(seq 50); do
  port="$(sed -n 's/^RecordingReader: listening on osc:\/\/127.0.0.1:\([0-9]*\)$/\1/p' "$scratch/osc.err")"
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  kill "$listener" 2>/dev/null || true
  echo "examples: RecordingReader did not say where it listens:" >&2
  cat "$scratch/osc.err" >&2
  exit 1
fi
"$reader" --send "$scratch/tilt.csv" --to "osc://127.0.0.1:$port"
wait "$listener"
if [ "$(cat "$scratch/osc.out")" != "$from_file" ]; then
  echo "examples: events over OSC differ from the file's:" >&2
  diff <(echo "$from_file") "$scratch/osc.out" >&2 || true
  cat "$scratch/osc.err" >&2
  exit 1
fi
grep -q '^RecordingReader: 300 datagrams, 0 malformed$' "$scratch/osc.err" \
  || { echo "examples: the OSC listener did not receive the 300 datagrams whole:" >&2; cat "$scratch/osc.err" >&2; exit 1; }
echo "examples: RecordingReader OK (file, dataset, OSC; no GSL in either example)"
