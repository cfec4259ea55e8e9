import LedgerRender
import Testing

@Suite("Text shown on a terminal")
struct TerminalTextTests {
    @Test("controls and invisible format characters are escaped; joiners and visible text are kept")
    func escapes() {
        #expect(TerminalText.escaped("a\u{1b}[2Jb\n") == "a\\u{1b}[2Jb\\n")
        #expect(TerminalText.escaped("invoice \u{202E}fdp.exe") == "invoice \\u{202e}fdp.exe")
        #expect(
            TerminalText.escaped("\u{2066}x\u{2069}\u{200B}\u{FEFF}\u{00AD}")
                == "\\u{2066}x\\u{2069}\\u{200b}\\u{feff}\\u{ad}")
        #expect(TerminalText.escaped("\u{200F}\u{061C}") == "\\u{200f}\\u{61c}")
        let kept = "👩\u{200D}💻 ناتو\u{200C}ان café ½"
        #expect(TerminalText.escaped(kept) == kept)
    }
}
