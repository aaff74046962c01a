import Foundation
import GestureEval
import Testing

/// Every spelling of a split parses to the strategy it names and prints back canonically.
@Suite struct SplitTests {
    @Test(arguments: [
        ("leave-one-subject-out", Split.leaveOneSubjectOut, "leave-one-subject-out"),
        ("LOSO", .leaveOneSubjectOut, "leave-one-subject-out"),
        ("grouped-k-fold:5", .groupedKFold(k: 5, grouping: .subject), "grouped-k-fold:5"),
        ("grouped-k-fold:5:subject", .groupedKFold(k: 5, grouping: .subject), "grouped-k-fold:5"),
        ("Grouped-K-Fold:3:session", .groupedKFold(k: 3, grouping: .session), "grouped-k-fold:3:session"),
        ("stratified-k-fold:10", .stratifiedKFold(k: 10), "stratified-k-fold:10"),
        ("fixed:train:test", .fixed(train: "train", test: "test"), "fixed:train:test"),
        ("subject-draws:5:10", .subjectDraws(train: 5, draws: 10), "subject-draws:5:10"),
    ])
    func spellings(text: String, split: Split, canonical: String) throws {
        #expect(try Split(parsing: text) == split)
        #expect(split.description == canonical)
        #expect(Split(canonical) == split, "the canonical spelling parses back")
    }

    @Test(arguments: ["random", "", "loso:2", "leave-one-subject-out:2", "grouped-k-fold", "grouped-k-fold:x", "grouped-k-fold:3:day", "stratified-k-fold:3:subject", "fixed:train", "subject-draws:5", "subject-draws:0:3", "subject-draws:2:0"])
    func unknownSpellingsNameTheText(text: String) {
        #expect(throws: SplitError.invalidName(text)) { try Split(parsing: text) }
        #expect(Split(text) == nil)
    }

    /// The seed reaches only the shuffled strategies.
    @Test func strategyCarriesTheSeed() {
        #expect(Split.groupedKFold(k: 3, grouping: .session).strategy(seed: 7) == .groupedKFold(k: 3, grouping: .session, seed: 7))
        #expect(Split.stratifiedKFold(k: 4).strategy(seed: 2) == .stratifiedKFold(k: 4, seed: 2))
        #expect(Split.fixed(train: "a", test: "b").strategy(seed: 2) == .fixed(trainSession: "a", testSession: "b"))
        #expect(Split.leaveOneSubjectOut.strategy(seed: 1) == .leaveOneSubjectOut)
    }

    /// Files hold the spelling; a wrong one is a decoding error that quotes it.
    @Test func codableAsItsSpelling() throws {
        let data = try JSONEncoder().encode([Split.groupedKFold(k: 3, grouping: .session)])
        #expect(String(decoding: data, as: UTF8.self) == #"["grouped-k-fold:3:session"]"#)
        #expect(try JSONDecoder().decode([Split].self, from: data) == [.groupedKFold(k: 3, grouping: .session)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Split].self, from: Data(#"["shuffle"]"#.utf8)) }
    }
}
