/// A small recording of two sensor units in one file, as `../shared/datasets/ActRecTut_Gestures/all-sensors` lays
/// them out: the primary unit (`ax…az`, milli-g) and a unit on the lower arm (`bx…bz`), 10 Hz. Line 4 (t = 0.2 s)
/// has the lower arm's cells empty (its gap), line 6 (t = 0.4 s) every primary cell (a row without the primary
/// unit), line 7 (t = 0.5 s) a lower-arm cell alone empty.
public enum SensorUnitsFixture {
    /// The CSV text.
    public static let csv = """
        time,ax,ay,az,bx,by,bz
        0.0,0,0,-1000,10,0,-1000
        0.1,0,0,-1000,20,0,-1000
        0.2,0,0,-1000,,,
        0.3,0,0,-1000,40,0,-1000
        0.4,,,,50,0,-1000
        0.5,0,0,-1000,60,,-1000
        0.6,0,0,-1000,70,0,-1000
        0.7,0,0,-1000,80,0,-1000

        """

    /// A project manifest reading `recordings/units.csv` with the lower arm as the unit `lowerarm`.
    public static let manifest = """
        name: units
        samplingRate: 10
        channels:
          - {name: accel.x, column: ax, scale: 0.001}
          - {name: accel.y, column: ay, scale: 0.001}
          - {name: accel.z, column: az, scale: 0.001}
        sensors:
          - placement: lowerarm
            channels:
              - {name: accel.x, column: bx, scale: 0.001}
              - {name: accel.y, column: by, scale: 0.001}
              - {name: accel.z, column: bz, scale: 0.001}
        recordings:
          - {id: units, subject: s1, session: '1', file: recordings/units.csv}

        """
}
