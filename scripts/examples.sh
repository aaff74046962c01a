#!/usr/bin/env bash
# Builds the embedding example (GestureKit only) and pipes a short generated stream through it:
# a phone face up for 2 s, upright in portrait for 2 s, face down for 2 s, at 50 Hz.
set -euo pipefail
cd "$(dirname "$0")/../Examples/EmbeddedRecognizer"

swift build -c release --product EmbeddedRecognizer
binary="$(swift build -c release --show-bin-path)/EmbeddedRecognizer"

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
(cd "$root" && swift build -c release --product gesturelab >/dev/null \
  && .build/release/gesturelab train --recognizer shake --config configs/shake.yaml --dataset datasets/default \
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
