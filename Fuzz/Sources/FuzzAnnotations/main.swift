// Fuzzes AnnotationFile.read: the `start,end,label` files beside a dataset's recordings. The reader
// collects problems rather than throwing, so every input must come back as annotations and problems.
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    _ = AnnotationFile.read(ScratchFolder.shared.write(input, to: "annotations.csv"))
}
