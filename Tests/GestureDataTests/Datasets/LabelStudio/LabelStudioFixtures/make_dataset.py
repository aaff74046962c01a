"""Writes the small hand-made dataset the Label Studio round-trip tests export (run once; the output is committed).

Three recordings of 3 s at 20 Hz with accel.x..z (g) and gyro.z (rad/s): a phone at rest, face up, with a
sinusoidal shake along x where alice-1 and bob-1 are annotated. carol-1 has no annotation file, so an import that
labels it must add one and name it in the manifest. Values are rounded to 4 decimals so the files stay short.
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "dataset")
RATE = 20.0
SAMPLES = 61  # 0 ... 3 s

ANNOTATIONS = {
    "alice-1": [(0.5, 1.2, "shake"), (2.0, 2.6, "flip")],
    "bob-1": [(1.0, 1.8, "shake"), (2.2, 2.6, "flip")],
}

MANIFEST = """format: gesturelab-dataset/1
name: label-studio-fixture
description: Three 3-s recordings at 20 Hz written by make_dataset.py for the Label Studio round-trip tests.
kind: continuous
samplingRate: 20
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
classes: [shake, flip]
table: {delimiter: ",", header: true}
time: {column: time}
channels:
- name: accel.x
- name: accel.y
- name: accel.z
- name: gyro.z
recordings:
- {id: alice-1, subject: alice, session: '1', file: recordings/alice-1.csv, annotations: annotations/alice-1.csv}
- {id: bob-1, subject: bob, session: '1', file: recordings/bob-1.csv, annotations: annotations/bob-1.csv}
- {id: carol-1, subject: carol, session: '1', file: recordings/carol-1.csv}
license: CC0-1.0
citation: GestureLab test fixture
"""


def main():
    os.makedirs(os.path.join(OUT, "recordings"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "annotations"), exist_ok=True)
    with open(os.path.join(OUT, "dataset.yaml"), "w") as f:
        f.write(MANIFEST)
    for n, rid in enumerate(["alice-1", "bob-1", "carol-1"]):
        rows = ["time,accel.x,accel.y,accel.z,gyro.z"]
        for i in range(SAMPLES):
            t = i / RATE
            shaking = any(a <= t <= b and label == "shake" for a, b, label in ANNOTATIONS.get(rid, []))
            ax = 0.8 * math.sin(2 * math.pi * 5 * t) if shaking else 0.01 * math.sin(t + n)
            gz = 2.0 * math.sin(2 * math.pi * 2 * t) if any(a <= t <= b and label == "flip" for a, b, label in ANNOTATIONS.get(rid, [])) else 0.0
            rows.append(f"{round(t, 4)},{round(ax, 4)},{round(0.01 * n, 4)},-1.0,{round(gz, 4)}")
        with open(os.path.join(OUT, "recordings", rid + ".csv"), "w") as f:
            f.write("\n".join(rows) + "\n")
        if rid in ANNOTATIONS:
            with open(os.path.join(OUT, "annotations", rid + ".csv"), "w") as f:
                f.write("start,end,label\n" + "".join(f"{a},{b},{label}\n" for a, b, label in ANNOTATIONS[rid]))
    os.makedirs(os.path.join(HERE, "candidates"), exist_ok=True)
    # What a detector might propose for carol-1 (one true shake, one false alarm).
    with open(os.path.join(HERE, "candidates", "carol-1.csv"), "w") as f:
        f.write("start,end,label\n0.4,1.0,shake\n2.1,2.3,flip\n")


if __name__ == "__main__":
    main()
