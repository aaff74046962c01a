import ArgumentParser

/// `gesturelab datasets export`: a dataset in another tool's format.
struct DatasetsExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a dataset in another tool's format (a Label Studio project).",
        discussion: """
            Example:
              gesturelab datasets export label-studio datasets/mine --out /tmp/mine-ls
            """,
        subcommands: [DatasetsExportLabelStudio.self]
    )
}
