/// The pie as a grid of character cells: each cell is outside the disc (nil) or filled by the
/// slice at that index.
///
/// A terminal cell is about twice as tall as it is wide, so the disc is an ellipse with
/// ``aspect`` columns per row. Both dimensions are even, which puts the centre on a cell corner
/// and makes the four quadrants mirror images: a 25% slice is exactly a quarter of the cells.
/// Angles are geometry, not money, so `Double` is used here; the shares themselves are turned
/// into fractions by the caller.
struct PieRaster: Sendable {
    /// Rows of the grid (the disc's height).
    static let rows = 12
    /// Columns of the grid (the disc's width): `rows` × ~2.17 so it looks round.
    static let columns = 26
    /// A cell is inside the disc when its centre is within this many radii of the centre; a
    /// little over 1 rounds off the flat top and bottom rows.
    static let rim = 1.04

    /// `cells[row][column]`: the index of the slice filling the cell, nil outside the disc.
    let cells: [[Int?]]

    /// Fills the disc clockwise from 12 o'clock with slices in the order of `fractions`.
    ///
    /// The fractions need not sum to 1; they are scaled to the whole circle. A slice with a
    /// positive fraction always gets at least one cell, taken on the rim next to where it
    /// belongs from a neighbour that can spare one.
    init(fractions: [Double]) {
        let total = fractions.reduce(0, +)
        var running = 0.0
        let bounds = fractions.map { fraction -> Double in
            running += fraction
            return total > 0 ? running / total : 1
        }
        var owners = Self.discCells.map { cell in
            bounds.firstIndex { cell.turn < $0 } ?? max(0, bounds.count - 1)
        }
        Self.rescueVanished(&owners, bounds: bounds, fractions: fractions)
        var grid = [[Int?]](repeating: [Int?](repeating: nil, count: Self.columns), count: Self.rows)
        for (cell, owner) in zip(Self.discCells, owners) {
            grid[cell.row][cell.column] = owner
        }
        cells = grid
    }

    /// One cell of the disc with its position as a fraction of a turn (clockwise from 12
    /// o'clock, 0..<1) and its distance from the centre in radii.
    struct DiscCell: Sendable {
        let row: Int
        let column: Int
        let turn: Double
        let radius: Double
    }

    /// Every cell inside the disc, row by row.
    static let discCells: [DiscCell] = {
        let radius = Double(rows) / 2
        let aspect = Double(columns) / Double(rows)
        var result: [DiscCell] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let y = radius - (Double(row) + 0.5)
                let x = (Double(column) + 0.5 - Double(columns) / 2) / aspect
                let distance = (x * x + y * y).squareRoot() / radius
                guard distance <= rim else { continue }
                result.append(DiscCell(row: row, column: column, turn: turn(x: x, y: y), radius: distance))
            }
        }
        return result
    }()

    /// Gives every slice with a positive fraction but no cell the rim cell closest to its middle
    /// angle whose owner has more than one cell.
    private static func rescueVanished(_ owners: inout [Int], bounds: [Double], fractions: [Double]) {
        var counts = [Int](repeating: 0, count: bounds.count)
        for owner in owners { counts[owner] += 1 }
        let outermost = discCells.map(\.radius).max() ?? 1
        let rimCells = discCells.indices.filter { discCells[$0].radius >= outermost - 0.35 }
        for slice in bounds.indices where fractions[slice] > 0 && counts[slice] == 0 {
            let middle = ((slice == 0 ? 0 : bounds[slice - 1]) + bounds[slice]) / 2
            let distance = { (cell: Int) in turnDistance(discCells[cell].turn, middle) }
            let spare = rimCells.filter { counts[owners[$0]] > 1 }
            guard let nearest = spare.min(by: { distance($0) < distance($1) }) else { continue }
            counts[owners[nearest]] -= 1
            owners[nearest] = slice
            counts[slice] = 1
        }
    }

    /// The distance between two angles in turns, the short way round (0...0.5).
    static func turnDistance(_ a: Double, _ b: Double) -> Double {
        let gap = abs(a - b)
        return min(gap, 1 - gap)
    }

    /// The clockwise angle from 12 o'clock of the point (`x` right, `y` up), in turns (0..<1).
    static func turn(x: Double, y: Double) -> Double {
        let angle: Double
        if y > 0 {
            angle = arctangent(x / y)
        } else if y < 0 {
            angle = arctangent(x / y) + (x >= 0 ? Double.pi : -Double.pi)
        } else {
            angle = x >= 0 ? Double.pi / 2 : -Double.pi / 2
        }
        let turns = angle / (2 * Double.pi)
        return turns < 0 ? turns + 1 : (turns >= 1 ? turns - 1 : turns)
    }

    /// atan(t) to within ~1e-16 using only the standard library (it has no trigonometry):
    /// reduce to 0...1, halve the angle three times (atan t = 2 atan(t / (1 + √(1 + t²)))) so
    /// |t| < 0.1, then sum the Taylor series.
    static func arctangent(_ value: Double) -> Double {
        if value < 0 { return -arctangent(-value) }
        if value > 1 { return Double.pi / 2 - arctangent(1 / value) }
        var t = value
        for _ in 0..<3 { t /= 1 + (1 + t * t).squareRoot() }
        var sum = 0.0
        var power = t
        for k in 0..<10 {
            let term = power / Double(2 * k + 1)
            sum += k % 2 == 0 ? term : -term
            power *= t * t
        }
        return 8 * sum
    }
}
