"""Makes label-studio-export.json: a real Label Studio 1.23.2 JSON export of the fixture dataset, labelled through
the REST API (steps in README.md beside this file). Needs a running server and the export folder:

    python3 make_dataset.py
    gesturelab datasets export label-studio dataset --out /tmp/ls-export --candidates candidates
    (start label-studio as README.md says)
    /tmp/lsvenv/bin/python make_label_studio_export.py http://127.0.0.1:8089 /tmp/ls-export

The annotations are created through the API (POST /api/tasks/<id>/annotations/), as the editor does when an
annotator submits: alice-1 accepts its prediction unchanged; bob-1 moves its shake, deletes its flip and adds a
shake; carol-1 is first skipped (a cancelled annotation), then labelled with the candidate shake accepted, the
candidate flip deleted and a flip added.
"""
import json
import os
import sys

import requests

EMAIL = "fixture@gesturelab.local"
PASSWORD = "fixture-pass-123"
HERE = os.path.dirname(os.path.abspath(__file__))


def region(rid, start, end, label):
    return {"id": rid, "from_name": "label", "to_name": "ts", "type": "timeserieslabels", "origin": "manual",
            "value": {"start": start, "end": end, "instant": start == end, "timeserieslabels": [label]}}


def main(server, export_dir):
    s = requests.Session()
    s.get(f"{server}/user/login/")
    r = s.post(f"{server}/user/login/", data={"email": EMAIL, "password": PASSWORD,
                                               "csrfmiddlewaretoken": s.cookies["csrftoken"]},
               headers={"Referer": f"{server}/user/login/"})
    r.raise_for_status()
    s.headers.update({"X-CSRFToken": s.cookies["csrftoken"], "Referer": server})

    def call(method, path, **kw):
        r = s.request(method, server + path, **kw)
        if r.status_code >= 400:
            sys.exit(f"{method} {path}: {r.status_code} {r.text[:500]}")
        return r

    with open(os.path.join(export_dir, "config.xml")) as f:
        config = f.read()
    project = call("POST", "/api/projects/", json={"title": "gesturelab fixture", "label_config": config}).json()
    pid = project["id"]
    # The CSVs are served by local files storage: a source storage on the recordings folder, never synced
    # (its path must lie below LOCAL_FILES_DOCUMENT_ROOT, the export folder).
    call("POST", "/api/storages/localfiles/", json={"project": pid, "title": "recordings", "path": os.path.join(os.path.abspath(export_dir), "recordings"),
                                                     "use_blob_urls": False})
    with open(os.path.join(export_dir, "tasks.json")) as f:
        call("POST", f"/api/projects/{pid}/import", json=json.load(f))
    tasks = call("GET", f"/api/tasks/?project={pid}&page_size=100").json()["tasks"]
    by_recording = {t["data"]["recording"]: t for t in tasks}
    # The URL a task names must serve its CSV to the editor.
    csv = call("GET", by_recording["alice-1"]["data"]["csv"])
    assert csv.text.startswith("time,accel.x"), csv.text[:80]

    def predictions(task):
        return call("GET", f"/api/predictions/?task={task['id']}").json()

    def annotate(task, result, cancelled=False):
        call("POST", f"/api/tasks/{task['id']}/annotations/", json={"result": result, "was_cancelled": cancelled})

    alice = by_recording["alice-1"]
    accepted = [p for p in predictions(alice) if p["model_version"] == "dataset"][0]["result"]
    annotate(alice, accepted)

    bob = by_recording["bob-1"]
    annotate(bob, [region("m1", 1.05, 1.85, "shake"), region("m2", 2.4, 2.8, "shake")])

    carol = by_recording["carol-1"]
    annotate(carol, [], cancelled=True)
    candidate = [p for p in predictions(carol) if p["model_version"] == "candidates:candidates"][0]["result"]
    shake = [r for r in candidate if r["value"]["timeserieslabels"] == ["shake"]]
    annotate(carol, shake + [region("m3", 1.6, 2.2, "flip")])

    export = call("GET", f"/api/projects/{pid}/export?exportType=JSON")
    with open(os.path.join(HERE, "label-studio-export.json"), "wb") as f:
        f.write(export.content)
    print(f"project {pid}: {len(tasks)} tasks; wrote label-studio-export.json ({len(export.content)} bytes)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
