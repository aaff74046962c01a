import CGSL
import Foundation

/// The bridge to GSL's error reporting.
///
/// GSL calls an error handler that aborts the process by default. ``GSL`` installs, once, a
/// handler that records the error for the calling thread instead; ``checked(_:_:)`` runs a GSL
/// call and turns a recorded error into a ``StatisticsError/gsl(function:code:reason:)``.
enum GSL {
    private static let threadKey = "GestureLab.GSL.error"

    private struct Recorded {
        var code: Int32
        var reason: String
    }

    /// Installs the recording handler; evaluated once, on first use.
    private static let handlerInstalled: Bool = {
        gsl_set_error_handler { reason, _, _, code in
            // Keep the first error of a call: later ones are its consequences.
            guard Thread.current.threadDictionary[GSL.threadKey] == nil else { return }
            let text = reason.map { String(cString: $0) } ?? "unknown error"
            Thread.current.threadDictionary[GSL.threadKey] = Recorded(code: code, reason: text)
        }
        return true
    }()

    /// Runs `body`, a call into GSL named `function`, and throws if GSL reported an error during it.
    static func checked<T>(_ function: String, _ body: () -> T) throws(StatisticsError) -> T {
        precondition(handlerInstalled)
        Thread.current.threadDictionary.removeObject(forKey: threadKey)
        let result = body()
        if let recorded = Thread.current.threadDictionary[threadKey] as? Recorded {
            Thread.current.threadDictionary.removeObject(forKey: threadKey)
            throw .gsl(function: function, code: recorded.code, reason: recorded.reason)
        }
        return result
    }
}
