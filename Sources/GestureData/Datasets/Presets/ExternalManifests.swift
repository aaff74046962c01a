import Foundation

/// Manifests of the external datasets GestureLab knows by name, so `gyronics:DIR` style sources need no manifest
/// file. Each is a resource of this module, `Resources/External/<folder>.yaml`, the one copy:
/// `datasets/external/<folder>/dataset.yaml` is a link to it (a test checks), and that is where the unit and sign
/// conversions are stated and reviewed.
public enum ExternalManifests {
    /// The built-in manifests by source prefix (`gyronics`, `phoneairlines`, `moocow`, `uwave`, `swimwatch`), as the
    /// table of readers (``DatasetFormat``) holds them.
    package static let byPrefix: [String: (folder: String, yaml: String)] = Dictionary(uniqueKeysWithValues: DatasetFormat.allCases.compactMap { format in
        format.reader.builtInManifest.map { (format.rawValue, $0) }
    })

    /// The manifest (YAML text) of the external dataset in `folder` (for example `SwimWatch_Turns`): the module's
    /// resource `External/<folder>.yaml`. O(file size) on first use of each folder's reader.
    public static func yaml(folder: String) -> String {
        guard let url = Bundle.module.url(forResource: folder, withExtension: "yaml", subdirectory: "External"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("GestureData's resource External/\(folder).yaml is missing from \(Bundle.module.bundlePath)")
        }
        return text
    }
}
