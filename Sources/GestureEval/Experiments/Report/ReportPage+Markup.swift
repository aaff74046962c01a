import GestureData
extension ReportPage {
    /// The explorer's and the outcome table's controls; the script fills them from `#report-data`.
    static let explorerMarkup = """
        <section id="explorer"><h2>Signal explorer</h2>
        <div class="controls">
        <label>Recording <select id="rec-select"></select></label>
        <label>Entry <select id="entry-a"></select></label>
        <label>below it <select id="entry-b"></select></label>
        <button id="zoom-in" title="zoom in (or the mouse wheel)">+</button><button id="zoom-out" title="zoom out">−</button><button id="zoom-all" title="the whole recording">whole</button>
        <span id="view-range"></span>
        </div>
        <div class="controls" id="channel-picker"></div>
        <div class="legend" id="legend"></div>
        <div id="panels"></div>
        <div id="tooltip" hidden></div>
        <p class="note">Drag to pan, wheel to zoom. Lines are the minimum and maximum of each pixel's samples; hover for exact values. Shaded bands: the entry's judged annotations; grey bars: every annotation of the recording (activities included); coloured bars and dashed lines: detections (start–end, decision time), false activations labelled with the activity they fired in.</p>
        </section>
        <section id="outcomes"><h2>Outcomes</h2>
        <div class="controls">
        <label>Entry <select id="filter-entry"></select></label>
        <label>Outcome <select id="filter-outcome"></select></label>
        <label>Activity <select id="filter-activity"></select></label>
        <span id="outcome-count"></span>
        </div>
        <p class="note">Every judged annotation and detection of the test recordings (outcomes.csv). Click a row to centre the explorer on it.</p>
        <div class="scroll tall"><table id="outcome-table"><thead></thead><tbody></tbody></table></div>
        </section>

        """
}

extension ReportPage {
    /// The adaptation section of `group` (``ExperimentReport/adaptationText(_:group:)`` and its tables), empty when the
    /// group has none, so pages without adaptation keep their bytes. O(sections × entries × subjects).
    static func adaptationMarkup(_ result: ExperimentResult, group: String) -> String {
        guard let text = ExperimentReport.adaptationText(result, group: group) else { return "" }
        var s = "<h4>Adaptation</h4>\n<p>\(escape(text))</p>\n" + table(ExperimentReport.adaptationGainTable(result, group: group))
            + "<details><summary>Per subject</summary>\n" + table(ExperimentReport.adaptationTable(result, group: group)) + "</details>\n"
        let curve = ExperimentReport.adaptationCurveTable(result, group: group)
        if !curve.rows.isEmpty { s += "<h4>\(escape(result.metric.rawValue)) against K labelled events</h4>\n" + table(curve) }
        return s
    }
}
