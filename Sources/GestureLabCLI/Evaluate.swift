import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab evaluate`: the metrics of a recognizer on a dataset under a split, or its
/// classification accuracy on an archive's train/test files.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a recognizer configuration or trained model on a dataset under a split (or on archive train/test files).",
        discussion: """
            With --dataset: the configuration (--config, or a DTW model from `gesturelab train` with \
            --model) runs through every fold of --split (leave-one-subject-out by default); --search \
            ranges and DTW templates are trained inside each fold's training part. Continuous recordings \
            give event metrics (precision, recall, F1, false positives per hour, latency, with bootstrap \
            intervals; per fold), segments give classification metrics (accuracy with a Wilson interval, \
            balanced accuracy, macro-F1, kappa). A table on the terminal; --json prints the result, \
            --out DIR writes a report folder (report.html in it opens in a browser). With --max-false-per-hour N, --search maximises --metric \
            (default then: recall) among the combinations with at most N false activations per hour of \
            background on each fold's training recordings; the fold table's `trained` column shows the \
            operating point chosen (trainingRecall, trainingFalsePerHour, budgetMet).
            Example:
              gesturelab evaluate --recognizer shake --config configs/shake.yaml \\
                --dataset datasets/default --labels shake --split leave-one-subject-out

            With --train and --test (archive form, --recognizer dtw):
            k-nearest-neighbour DTW (every training series is a template), the protocol of the UCR and UEA \
            archives' published baselines. --band is a fraction of the series length (window \
            w = round(band × length)); 0 is the Euclidean distance, 1 the unconstrained DTW; without --band \
            the band is learned by leave-one-out on the training split over 0–20 %. Multivariate series \
            (UEA .ts, equal or variable length) use dependent DTW (one warping path, squared Euclidean cost \
            across dimensions; --dependent, the default) or independent DTW (--independent: one path per \
            dimension, costs summed). Datasets are named FORMAT:PATH, FORMAT ucr (UCR archive TSV) or ts \
            (UEA / sktime .ts).
            Examples (rows of the archives' baselines):
              gesturelab evaluate --recognizer dtw \\
                --train ucr:ShakeGestureWiimoteZ_TRAIN.tsv \\
                --test ucr:ShakeGestureWiimoteZ_TEST.tsv --band 0.06 --znormalize --json
              gesturelab evaluate --recognizer dtw \\
                --train ts:UWaveGestureLibrary_TRAIN.ts \\
                --test ts:UWaveGestureLibrary_TEST.ts --band 1 --independent

            With --train and --test and --recognizer minirocket: MiniRocket features (9,996 by default, --features), standardised with the training split's statistics, and a ridge classifier whose penalty is chosen by leave-one-out over 10^-3…10^3 (aeon's MiniRocketClassifier); --seed fixes the channel subsets and bias examples. Series of unequal length are transformed at their own length (--length-policy asRecorded) or resampled to the longest training length (resampled). Prints the accuracy, the ridge penalty and the seconds spent training and predicting.
            Example:
              gesturelab evaluate --recognizer minirocket \\
                --train ts:UWaveGestureLibrary_TRAIN.ts \\
                --test ts:UWaveGestureLibrary_TEST.ts --seed 1
            """
    )

    @Option(help: "The recognizer to evaluate: a registry identifier (shake, peak-direction, dtw, …) or minirocket; dtw works with --dataset (a model or DTW settings trained in each fold) and with --train/--test (archives), and so does minirocket.")
    var recognizer: String

    @OptionGroup(title: "Dataset form") var datasetForm: DatasetEvaluationOptions

    @OptionGroup(title: "Archive form (--recognizer dtw or minirocket)") var archiveForm: ArchiveEvaluationOptions

    @OptionGroup(title: "DTW (both forms)") var dtw: DTWOptions

    @OptionGroup var output: OutputOptions

    @Option(help: "Dataset form: run only shard I of N of the folds (I from 0; auto/N reads SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX) and write its part.json to --out; gesturelab merge joins the parts.")
    var shard: ShardOption?

    @OptionGroup var progress: ProgressOptions

    @OptionGroup var parallel: ThreadOptions

    func validate() throws {
        guard archiveForm.isRequested else { return try datasetForm.validate(recognizer: recognizer) }
        guard shard == nil else { throw ValidationError("--shard splits the dataset form's folds; the archive form (--train/--test) has one split") }
        guard datasetForm.dataset == nil else { throw ValidationError("give either --dataset or --train/--test, not both") }
        // The archive form prints its result; only the dataset form writes a report folder.
        guard output.out == nil else { throw ValidationError("--out writes the dataset form's report folder; the archive form (--train/--test) prints its result") }
        try archiveForm.validate(recognizer: recognizer)
    }

    func run() throws {
        parallel.apply()
        if archiveForm.isRequested {
            try archiveForm.run(recognizer: recognizer, dtw: dtw, seed: datasetForm.seed, json: output.json)
        } else {
            try datasetForm.run(recognizer: recognizer, dtw: dtw, output: output, quiet: progress.quiet, shard: shard)
        }
    }
}
