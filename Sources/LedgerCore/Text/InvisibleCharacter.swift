extension Unicode.Scalar {
    /// True for a character that is not shown but acts: every C0 control (newline and tab
    /// included), DEL, every C1 control (U+0080–U+009F), and the invisible format characters
    /// (Unicode category Cf: the bidi controls such as U+202E that show text reversed,
    /// zero-width spaces, U+FEFF, tags) except the zero-width joiner and non-joiner that emoji
    /// and scripts need. The terminal shows them escaped (LedgerRender's `TerminalText`); a
    /// message of the social page refuses them.
    public var isInvisibleControl: Bool {
        let value = value
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        return value != 0x200C && value != 0x200D && properties.generalCategory == .format
    }
}
