import GestureData
import Testing

@Suite struct AnnotationMarkerTests {
    @Test func toggleMarksUndoAndSwitchLabels() {
        var marker = AnnotationMarker()
        #expect(marker.press("shake", at: 1) == [.started("shake", 1)])
        #expect(marker.press("shake", at: 2) == [.ended(Annotation(start: 1, end: 2, label: "shake"))])
        // Another label's key ends the open mark and starts its own.
        _ = marker.press("flip", at: 3)
        #expect(marker.press("shake", at: 4) == [.ended(Annotation(start: 3, end: 4, label: "flip")), .started("shake", 4)])
        // Undo cancels the open mark first, then removes finished ones, last first.
        #expect(marker.undo() == .cancelled("shake"))
        #expect(marker.undo() == .undone(Annotation(start: 3, end: 4, label: "flip")))
        #expect(marker.annotations == [Annotation(start: 1, end: 2, label: "shake")])
        #expect(marker.undo() == .undone(Annotation(start: 1, end: 2, label: "shake")))
        #expect(marker.undo() == nil)
    }

    @Test func aMarkOfNoDurationIsDroppedAndTheEndClosesAnOpenMark() {
        var marker = AnnotationMarker()
        _ = marker.press("shake", at: 5)
        #expect(marker.press("shake", at: 5) == [.cancelled("shake")])
        _ = marker.press("shake", at: 6)
        #expect(marker.finish(at: 7.5) == .ended(Annotation(start: 6, end: 7.5, label: "shake")))
        #expect(marker.open == nil && marker.finish(at: 8) == nil)
    }

    @Test func holdModeLastsWhileTheKeyRepeats() {
        var marker = AnnotationMarker(mode: .hold(release: 0.6))
        #expect(marker.press("shake", at: 1) == [.started("shake", 1)])
        // The terminal's first repeat comes after its delay; repeats extend the mark.
        for t in stride(from: 1.5, through: 2.0, by: 0.05) {
            #expect(marker.press("shake", at: t).isEmpty)
            #expect(marker.advance(to: t + 0.03) == nil)
        }
        #expect(marker.advance(to: 2.5) == nil)
        #expect(marker.advance(to: 2.7) == .ended(Annotation(start: 1, end: 2.0, label: "shake")))
        // A tap without repeats has no duration.
        _ = marker.press("shake", at: 3)
        #expect(marker.advance(to: 4) == .cancelled("shake"))
        #expect(marker.annotations.count == 1)
    }
}
