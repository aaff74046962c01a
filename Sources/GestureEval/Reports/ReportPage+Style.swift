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

    /// The page's style sheet.
    static let style = """
        body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1400px; padding: 0 16px 40px; color: #222; }
        h1 { font-size: 22px; margin: 16px 0 4px; } h2 { font-size: 18px; border-bottom: 1px solid #ccc; margin-top: 28px; }
        h3 { font-size: 16px; margin: 18px 0 6px; } h4 { font-size: 14px; margin: 10px 0 4px; }
        nav a { margin-right: 14px; } .cmd { color: #555; font-size: 12px; } code { font-size: 12px; }
        table { border-collapse: collapse; font-size: 12px; margin: 4px 0 8px; }
        th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; white-space: nowrap; }
        th { background: #f3f3f3; position: sticky; top: 0; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
        .scroll { overflow-x: auto; } .scroll.tall { max-height: 420px; overflow-y: auto; }
        .controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 6px 0; }
        .controls label { white-space: nowrap; } #channel-picker label { font-size: 12px; }
        .legend { font-size: 12px; margin: 4px 0; } .legend span { margin-right: 12px; white-space: nowrap; }
        .legend i { display: inline-block; width: 12px; height: 10px; margin-right: 4px; vertical-align: middle; }
        .panel { margin: 6px 0; border: 1px solid #ddd; } .panel h4 { margin: 4px 8px; }
        .panel svg { display: block; cursor: grab; user-select: none; } .panel svg.dragging { cursor: grabbing; }
        .mark { cursor: pointer; } .mark.focus rect { stroke: #000; stroke-width: 2; }
        .activity-labels text { pointer-events: none; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
        #tooltip { position: fixed; pointer-events: none; background: rgba(255,255,255,.96); border: 1px solid #999; padding: 4px 6px;
                   font-size: 12px; white-space: pre; z-index: 10; font-variant-numeric: tabular-nums; }
        #outcome-table tbody tr { cursor: pointer; } #outcome-table tbody tr:hover { background: #eef4ff; }
        #outcome-table tbody tr.chosen { background: #dde8ff; }
        .note { color: #555; font-size: 12px; } .missing { padding: 20px; color: #a00; }

        """
}
