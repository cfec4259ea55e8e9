/// The inline stylesheet of the HTML report (and of `ledger serve`'s pages): readable on a phone (one column, tables scroll
/// sideways inside their box), printable (@media print), no web fonts or external files.
public enum ReportHTMLStyle {
    /// A standalone page's start, up to and including `<main>`: the title escaped, this stylesheet
    /// inline. The page ends with ``end``.
    public static func start(title: String) -> Markup {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<title>\(title)</title>\n<style>\n\(css)\n</style>\n</head>\n<body>\n<main>\n"
    }

    /// A standalone page's end, after ``start(title:)``.
    public static let end: Markup = "</main>\n</body>\n</html>\n"

    public static let css: Markup = """
        :root{color-scheme:light}
        *{box-sizing:border-box}
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;margin:0;padding:16px;color:#1d1d1f;background:#fff}
        main{max-width:960px;margin:0 auto}
        h1{font-size:1.35rem;margin:0 0 .25rem}
        h2{font-size:1.1rem;margin:1.5rem 0 .5rem;border-bottom:1px solid #ddd;padding-bottom:.25rem}
        .meta,.note{color:#555;margin:.25rem 0}
        .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(170px,1fr));gap:8px}
        .card{border:1px solid #ddd;border-radius:6px;padding:8px 10px}
        .card .label{display:block;font-size:.8rem;color:#555}
        .card .amount{display:block;font-size:1.05rem;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
        .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
        table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
        caption{text-align:left;color:#555;font-size:.85rem;padding-bottom:.25rem}
        th,td{padding:4px 8px;border-bottom:1px solid #eee;text-align:left;white-space:nowrap}
        th{font-weight:600}
        thead th{border-bottom-color:#ccc}
        .n{text-align:right}
        .pos{color:#1a7f37}
        .neg{color:#c62828}
        svg{display:block;width:100%;height:auto}
        .chart{max-width:720px}
        .chart .line{fill:none;stroke:#1f5fa8;stroke-width:2;stroke-linejoin:round}
        .chart .dot{fill:#1f5fa8}
        .chart .gap{fill:#ececec}
        .chart .axis{stroke:#999;stroke-width:1}
        .chart text{font-size:11px;fill:#555}
        .alloc{display:flex;flex-wrap:wrap;gap:16px;align-items:center}
        .alloc .donut{width:200px;max-width:60vw}
        .alloc .legend{flex:1 1 240px}
        .donut-total{font-size:3.2px;fill:#333}
        .swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.4em;vertical-align:-.05em}
        footer{margin-top:2rem;color:#555;font-size:.85rem;overflow-wrap:anywhere}
        @media (max-width:600px){body{padding:10px;font-size:14px}th,td{padding:3px 5px}}
        @media print{body{padding:0;font-size:10.5pt}.card,table,svg,.alloc{break-inside:avoid}h2{break-after:avoid}.scroll{overflow:visible}th,td{white-space:normal}}
        """
}
