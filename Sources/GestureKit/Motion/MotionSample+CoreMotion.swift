#if canImport(CoreMotion)
import CoreMotion

extension MotionSample {
    /// A sample from a CoreMotion device-motion update.
    ///
    /// CoreMotion already reports in GestureKit's units and axes (g, rad/s, device frame,
    /// face up at rest ≈ (0, 0, −1) g), so only the structure changes:
    /// - acceleration is the total specific force, `gravity + userAcceleration`;
    /// - the attitude quaternion is taken component for component: `CMQuaternion` rotates device
    ///   coordinates into the reference frame, as ``Quaternion`` does (note that
    ///   `CMAttitude.rotationMatrix` is the transpose, reference → device);
    /// - the timestamp is CoreMotion's, seconds since boot.
    ///
    /// ```swift
    /// manager.startDeviceMotionUpdates(to: .main) { motion, _ in
    ///     guard let motion else { return }
    ///     for event in recognizer.process(MotionSample(motion)) { handle(event) }
    /// }
    /// ```
    public init(_ motion: CMDeviceMotion) {
        let g = Vector3(motion.gravity.x, motion.gravity.y, motion.gravity.z)
        let user = Vector3(motion.userAcceleration.x, motion.userAcceleration.y, motion.userAcceleration.z)
        let q = motion.attitude.quaternion
        self.init(
            timestamp: motion.timestamp,
            acceleration: g + user,
            rotationRate: Vector3(motion.rotationRate.x, motion.rotationRate.y, motion.rotationRate.z),
            attitude: Quaternion(w: q.w, x: q.x, y: q.y, z: q.z),
            gravity: g,
            userAcceleration: user
        )
    }

    /// A sample from a raw accelerometer update (g, CoreMotion sign convention, seconds since boot).
    public init(_ data: CMAccelerometerData) {
        self.init(timestamp: data.timestamp,
                  acceleration: Vector3(data.acceleration.x, data.acceleration.y, data.acceleration.z))
    }
}
#endif
