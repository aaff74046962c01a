import Foundation

/// Two devices recorded together, each on its own clock: a phone (the primary unit, 50 Hz, `phone.csv`) and a watch
/// on the wrist (25 Hz, `watch.csv`, in m/s²) whose clock reads ``watchClockAhead`` seconds more than the phone's.
/// Both saw one shake from 5 to 6 s on the phone's clock; the watch also moves on its own from 14 to 15 s. The phone
/// records 0–20 s, the watch 1–18 s of the phone's clock, with no rows from 10 to 11 s (its gap).
public enum TwoDeviceFixture {
    /// Seconds the watch's clock is ahead of the phone's: minus the offset to add to the watch's times.
    public static let watchClockAhead = 2.34

    /// The shake both devices saw at phone time `t`, g (0 outside 5–6 s): a 3 Hz swing under a smooth envelope.
    public static func shake(_ t: Double) -> Double {
        guard t >= 5, t < 6 else { return 0 }
        return 1.8 * sin(.pi * (t - 5)) * sin(2 * .pi * 3 * (t - 5))
    }

    /// The phone's file: `time,ax,ay,az` in g, still at −1 g on z but for the shake on x.
    public static var phoneCSV: String {
        var text = "time,ax,ay,az\n"
        for i in 0..<1000 {
            let t = Double(i) / 50
            text += "\(t),\(shake(t)),0,-1\n"
        }
        return text
    }

    /// The watch's file on its own clock: `time,wx,wy,wz` in m/s² (units row under the header when `unitsRow`),
    /// gravity on its y, the shake on its z at 0.7 of the phone's amplitude, its own motion at 14–15 s.
    public static func watchCSV(unitsRow: Bool = false) -> String {
        var text = "time,wx,wy,wz\n" + (unitsRow ? "s,m/(s^2),m/(s^2),m/(s^2)\n" : "")
        let g = 9.80665
        for i in 0..<425 {
            let phoneTime = 1 + Double(i) / 25
            guard !(phoneTime >= 10 && phoneTime < 11) else { continue }
            let own = phoneTime >= 14 && phoneTime < 15 ? 0.9 * sin(2 * .pi * 2 * (phoneTime - 14)) : 0
            let t = phoneTime + watchClockAhead
            text += "\(t),\(own * g),\(-g),\(0.7 * shake(phoneTime) * g)\n"
        }
        return text
    }

    /// A project manifest reading `phone.csv` and, as the unit `wrist`, `watch.csv` (m/s² scaled to g by `scale`,
    /// by the units row with `unitsRow`, or not at all), its clock as `clock` states it (YAML, e.g. `{offset: -2.34}`).
    public static func manifest(clock: String?, scale: String? = "0.10197162129779283", unitsRow: Bool = false) -> String {
        let s = scale.map { ", scale: \($0)" } ?? ""
        return """
            name: two-devices
            samplingRate: 50
            streams:
              - name: phone
                channels:
                  - {name: accel.x, column: ax}
                  - {name: accel.y, column: ay}
                  - {name: accel.z, column: az}
              - name: watch
                placement: wrist
            \(clock.map { "    clock: \($0)\n" } ?? "")\(unitsRow ? "    table: {delimiter: ',', header: true, unitsRow: 1}\n" : "")    channels:
                  - {name: accel.x, column: wx\(s)}
                  - {name: accel.y, column: wy\(s)}
                  - {name: accel.z, column: wz\(s)}
            recordings:
              - {id: r, subject: s, session: '1', file: phone.csv, files: {watch: watch.csv}}

            """
    }
}
