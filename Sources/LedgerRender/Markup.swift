/// HTML (or SVG) that is safe to put in a page, because of how it can be made:
///
/// - a string literal is markup written in the source (`"<p class=\"note\">"`), trusted;
/// - every value interpolated into one (`"<td>\(account)</td>"`) is text, escaped with
///   ``HTML/escape(_:)``, unless it is itself `Markup`: a `String`, a number, an `AssetSymbol`
///   cannot become markup by being interpolated, in element text and quoted attributes alike;
/// - ``trusted(_:)`` is the one way to make markup of a `String` at run time, for markup the
///   code itself wrote (a stylesheet constant); `grep -rn "Markup.trusted"` finds every use.
///
/// So a page that forgets to escape a value cannot be written: it escapes by default. The
/// bytes are ``html``; a document leaves as `String` only where it is written out.
public struct Markup: Sendable, Equatable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup's bytes.
    public private(set) var html: String

    public var description: String { html }
    public var isEmpty: Bool { html.isEmpty }

    public init() { html = "" }

    /// Markup written in the source.
    public init(stringLiteral literal: String) { html = literal }

    public init(stringInterpolation: Interpolation) { html = stringInterpolation.html }

    private init(raw html: String) { self.html = html }

    /// `text` as text: escaped.
    public static func text(_ text: String) -> Markup { Markup(raw: HTML.escape(text)) }

    /// The escape hatch: `html` taken as markup as it is, unescaped. Only for markup the code
    /// made itself from constants (a stylesheet); never for anything a user, a file or a source
    /// gave.
    public static func trusted(_ html: String) -> Markup { Markup(raw: html) }

    public static func + (left: Markup, right: Markup) -> Markup { Markup(raw: left.html + right.html) }

    public static func += (left: inout Markup, right: Markup) { left.html += right.html }

    /// Literal pieces as markup, interpolated values as escaped text (or as markup, when they
    /// are ``Markup``).
    public struct Interpolation: StringInterpolationProtocol {
        var html = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            html.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) { html += literal }

        public mutating func appendInterpolation(_ markup: Markup) { html += markup.html }

        // Text is disfavoured so that a literal (`\(open ? " open" : "")`) is read as the markup
        // it is in the source, not escaped as a `String`; a `String` value still lands here.
        @_disfavoredOverload
        public mutating func appendInterpolation(_ text: String) { html += HTML.escape(text) }

        @_disfavoredOverload
        public mutating func appendInterpolation(_ text: Substring) { html += HTML.escape(String(text)) }

        /// A number, a symbol, a date: its description, escaped.
        @_disfavoredOverload
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            html += HTML.escape(value.description)
        }
    }
}

extension Sequence where Element == Markup {
    /// The pieces one after another, `separator` between them.
    public func joined(separator: Markup = "") -> Markup {
        var result = Markup()
        var first = true
        for piece in self {
            if !first { result += separator }
            result += piece
            first = false
        }
        return result
    }
}
