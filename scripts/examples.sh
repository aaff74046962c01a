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
echo "examples: EmbeddedRecognizer OK"
