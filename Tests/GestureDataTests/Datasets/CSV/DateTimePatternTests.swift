@testable import GestureData
import Testing

/// Date-time text read to nanoseconds since the epoch: ISO-8601 with and without an offset, and stated patterns.
@Suite struct DateTimePatternTests {
    /// 2019-03-11T10:00:00Z in nanoseconds (date -u -d 2019-03-11T10:00:00Z +%s = 1552298400).
    static let tenUTC: Int64 = 1_552_298_400 * 1_000_000_000

    @Test func isoWithAnOffsetIsMovedToUTC() throws {
        let r = try #require(DateTimePattern.iso8601.read("2019-03-11T10:00:00.000+02:00"))
        #expect(r.nanoseconds == Self.tenUTC - 2 * 3600 * 1_000_000_000 && r.offset == 7200)
        #expect(DateTimePattern.iso8601.read("2019-03-11T10:00:00.5-0130")?.nanoseconds == Self.tenUTC + 5400 * 1_000_000_000 + 500_000_000)
        #expect(DateTimePattern.iso8601.read("2019-03-11T10:00:00Z")?.offset == 0)
    }

    @Test func isoWithoutAnOffsetIsUTCAndAcceptsASpace() throws {
        let r = try #require(DateTimePattern.iso8601.read("2019-03-11 10:00:00.123456789"))
        #expect(r.nanoseconds == Self.tenUTC + 123_456_789 && r.offset == nil)
    }

    @Test func statedPatternsReadDevicesText() throws {
        let actiGraph = try #require(DateTimePattern("M/d/yyyy HH:mm:ss.SSS"))
        // 2018-06-14T12:08:39.725Z = 1528978119.725 s.
        #expect(actiGraph.read("6/14/2018 12:08:39.725")?.nanoseconds == 1_528_978_119_725_000_000)
        let mHealth = try #require(DateTimePattern("yyyy-MM-dd HH:mm:ss.SSS"))
        #expect(mHealth.read("2015-09-28 14:05:00.012")?.nanoseconds == 1_443_449_100_012_000_000)
        #expect(DateTimePattern("yyyy-MM-dd'T'HH:mm:ss")?.read("2019-03-11T10:00:00")?.nanoseconds == Self.tenUTC)
    }

    @Test func impossibleOrMismatchedTextIsNil() {
        let p = DateTimePattern("yyyy-MM-dd HH:mm:ss.SSS")!
        #expect(p.read("2019-02-29 10:00:00.000") == nil)     // not a leap year
        #expect(p.read("2020-02-29 10:00:00.000") != nil)
        #expect(p.read("2019-03-11 24:00:00.000") == nil)
        #expect(p.read("2019-03-11 10:00:00") == nil)          // the pattern's fraction is missing
        #expect(p.read("2019-03-11 10:00:00.000 x") == nil)
        #expect(DateTimePattern.iso8601.read("1552298400") == nil)
    }

    @Test func timesBeyondInt64NanosecondsAreNilNotATrap() {
        let iso = DateTimePattern.iso8601
        // Int64.max nanoseconds is 2262-04-11T23:47:16.854775807Z; one nanosecond later does not fit.
        #expect(iso.read("2262-04-11T23:47:16.854775807Z")?.nanoseconds == Int64.max)
        #expect(iso.read("2262-04-11T23:47:16.854775808Z") == nil)
        #expect(iso.read("9999-12-31T23:59:59Z") == nil)   // the fuzzer's find: a trap before
        #expect(iso.read("1000-01-01T00:00:00Z") == nil)
        #expect(iso.read("1900-01-01T00:00:00Z")?.nanoseconds == -2_208_988_800_000_000_000)
    }

    @Test func patternsThatNameNoFullTimeAreRejected() {
        #expect(DateTimePattern("HH:mm:ss") == nil)
        #expect(DateTimePattern("yyyy-MM-dd HH:mm:ss zzz") == nil)
        #expect(DateTimePattern("iso8601")?.isISO8601 == true)
    }
}
