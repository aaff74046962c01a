import Foundation
import GestureTestSupport
import Testing

/// Issue 46: a preset is judgeable on one unannotated recording of one person: activations and false activations
/// per hour, by activity where annotations name it, instead of "cannot split 1 subjects into 2 folds".
@Suite struct UnannotatedEvaluationCommandTests {
    /// A dataset of one 60-s recording at 50 Hz lying still, shaken hard along x for 1 s from each of `shakes`
    /// seconds, with `annotations` (start,end,label lines) when given.
    static func dataset(shakes: [Double] = [30], annotations: String? = nil, _ name: String = #function) throws -> URL {
        var csv = "time,accel.x,accel.y,accel.z\n"
        for i in 0..<3000 {
            let t = Double(i) / 50
            let x = shakes.contains { ($0..<($0 + 1)).contains(t) } ? 2.5 * sin(2 * .pi * 5 * t) : 0
            csv += "\(t),\(x),0,-1\n"
        }
        var manifest = """
            name: mine
            kind: continuous
            channels: [{name: accel.x}, {name: accel.y}, {name: accel.z}]
            recordings:
              - {id: day, subject: me, session: "1", file: recordings/day.csv
            """
        var files = ["recordings/day.csv": csv]
        if let annotations {
            manifest += ", annotations: annotations/day.csv}\n"
            files["annotations/day.csv"] = "start,end,label\n" + annotations
        } else {
            manifest += "}\n"
        }
        files["dataset.yaml"] = manifest
        return try PhoneAppRecordings.folder("unannotated-\(name)", files)
    }

    static func value(_ stdout: String, _ key: String) -> Substring? {
        stdout.split(separator: "\n").first { $0.hasPrefix(key) }?.dropFirst(key.count).drop { $0 == " " }
    }

    @Test func aPresetIsJudgedOnOneUnannotatedRecordingOfOnePerson() throws {
        let folder = try Self.dataset()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = SharedData.packageRoot.appendingPathComponent("configs/shake.yaml").path
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", config, "--dataset", folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("survey       dataset '")
                    && result.stdout.contains("': cannot split by leave-one-subject-out: cannot split 1 subjects into 2 folds; shake learns nothing here")
                    && result.stdout.contains("every recording is tested"), "\(result.stdout)")
        // The one shake is the only activation, and with nothing annotated it is false: 1 per minute = 60 per hour.
        let activations = try #require(Self.value(result.stdout, "activations"), "\(result.stdout)")
        #expect(activations == "1", "\(result.stdout)")
        #expect(result.stdout.contains("false        1 (60.0 per hour of background, 1.0 min)"), "\(result.stdout)")
        #expect(result.stdout.contains("unannotated") && result.stdout.contains("recall       cannot be judged: no annotation\n"), "\(result.stdout)")
        // --out keeps the survey's record (there are no folds, so no report page).
        let out = folder.appendingPathComponent("report")
        let written = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", config, "--dataset", folder.path, "--out", out.path])
        #expect(written.status == 0 && written.stdout.contains("survey: \(out.path)/survey.json"), "\(written.stdout)\(written.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("survey.json"))) as? [String: Any]
        #expect(record?["activations"] as? Int == 1 && record?["recordings"] as? Int == 1, "\(String(describing: record))")
    }

    @Test func falseActivationsAreCountedByTheActivityTheAnnotationsName() throws {
        // One shake annotated at 30 s, one more at 45 s while walking that nobody annotated.
        let folder = try Self.dataset(shakes: [30, 45], annotations: "0,20,sitting\n20,29.9,walking\n30,31,shake\n31.1,59.98,walking\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = SharedData.packageRoot.appendingPathComponent("configs/shake.yaml").path
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", config, "--dataset", folder.path,
                                               "--labels", "shake"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("recall       1.000 (1 of 1 judged annotations)"), "\(result.stdout)")
        let walking = try #require(result.stdout.split(separator: "\n").first { $0.contains("walking") }, "\(result.stdout)")
        #expect(walking.contains("1 in 0.6 min, 92.8 per hour"), "\(walking)")
        let sitting = try #require(result.stdout.split(separator: "\n").first { $0.contains("sitting") })
        #expect(sitting.contains("0 in 0.3 min, 0.0 per hour"), "\(sitting)")
        // A judged label that matches nothing is still an error, not a survey.
        let typo = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", config, "--dataset", folder.path, "--labels", "shkae"])
        #expect(typo.status != 0 && typo.stderr.contains("no annotation label matches 'shkae'")
                    && typo.stderr.contains("did you mean 'shake' for 'shkae'?"), "\(typo.stderr)")
    }

    /// Issue 56, case 13: annotations that are all activities (SensorLog's `activity(txt)` column) and a judged label
    /// that none of them is: every activation is false, per hour of each activity, and recall is not judged.
    @Test func activityOnlyAnnotationsGiveFalseActivationsByActivity() throws {
        let folder = try Self.dataset(shakes: [30, 45], annotations: "0,20,sitting\n20,59.98,walking\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = SharedData.packageRoot.appendingPathComponent("configs/shake.yaml").path
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", config, "--dataset", folder.path,
                                               "--labels", "shake"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("survey       no annotation is 'shake' (the annotations are sitting, walking)"), "\(result.stdout)")
        #expect(result.stdout.contains("recall       cannot be judged: no annotation is 'shake', so every activation is false"), "\(result.stdout)")
        // Both shakes fall in walking's 39.98 s: 2 / (39.98 / 3600) = 180.1 per hour; the whole minute is background.
        #expect(result.stdout.contains("false        2 (120.0 per hour of background, 1.0 min)"), "\(result.stdout)")
        let walking = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  walking") }, "\(result.stdout)")
        #expect(walking.contains("2 in 0.7 min, 180.1 per hour"), "\(walking)")
        let sitting = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  sitting") }, "\(result.stdout)")
        #expect(sitting.contains("0 in 0.3 min, 0.0 per hour"), "\(sitting)")

        // Without --labels the activities are judged as gestures; the survey says so and names the flag that fixes it.
        let unlabelled = try GestureLabBinary.run(["evaluate", "--recognizer", "shake", "--config", config, "--dataset", folder.path])
        #expect(unlabelled.status == 0, "\(unlabelled.stdout)\(unlabelled.stderr)")
        #expect(unlabelled.stdout.contains("note         no activation's label ('shake') is an annotation's ('sitting', 'walking')")
                    && unlabelled.stdout.contains("--labels shake judges shake alone"), "\(unlabelled.stdout)")
    }

    @Test func aSplitThatCannotBeMadeStillRefusesWhatLearns() throws {
        let folder = try Self.dataset()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--dataset", folder.path])
        #expect(result.status != 0 && result.stderr.contains("cannot split"), "\(result.stderr)")
    }

    /// A model trained elsewhere (`--model`) is used as is, so it is judged like a preset: trained on three annotated
    /// shakes of one recording, it finds the two shakes of another, unannotated, recording.
    @Test func aTrainedModelIsJudgedOnOneUnannotatedRecording() throws {
        let training = try Self.dataset(shakes: [10, 30, 45], annotations: "10,11,shake\n30,31,shake\n45,46,shake\n", "model-training")
        let day = try Self.dataset(shakes: [20, 40], "model-day")
        defer { for f in [training, day] { try? FileManager.default.removeItem(at: f) } }
        let model = training.appendingPathComponent("shake-model.json")
        let train = try GestureLabBinary.run(["train", "--recognizer", "dtw", "--dataset", training.path, "--out", model.path, "--quiet"])
        #expect(train.status == 0, "\(train.stdout)\(train.stderr)")
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "dtw", "--model", model.path, "--dataset", day.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("survey       ") && result.stdout.contains("dtw learns nothing here"), "\(result.stdout)")
        #expect(Self.value(result.stdout, "activations") == "2", "\(result.stdout)")
    }
}
