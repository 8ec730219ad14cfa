/// A small dense symmetric matrix (the normal equations JᵀJ of a fit with a handful of parameters), stored
/// row-major, with the Cholesky factorisation the solver needs.
struct SymmetricMatrix: Sendable, Hashable {
    let size: Int
    var entries: [Double]

    init(size: Int) {
        self.size = size
        self.entries = Array(repeating: 0, count: size * size)
    }

    subscript(row: Int, column: Int) -> Double {
        get { entries[row * size + column] }
        set { entries[row * size + column] = newValue }
    }

    /// JᵀJ for a Jacobian stored column by column (one column per parameter).
    static func normal(columns: [[Double]]) -> SymmetricMatrix {
        var matrix = SymmetricMatrix(size: columns.count)
        for i in columns.indices {
            for j in i..<columns.count {
                var sum = 0.0
                for k in columns[i].indices { sum += columns[i][k] * columns[j][k] }
                matrix[i, j] = sum
                matrix[j, i] = sum
            }
        }
        return matrix
    }

    /// The lower Cholesky factor L with L·Lᵀ = self, or the index of the first column whose pivot is not
    /// positive (relative to its diagonal): that parameter is a combination of the ones before it.
    func cholesky(relativePivot: Double = 1e-13) -> Result<SymmetricMatrix, CholeskyFailure> {
        var lower = SymmetricMatrix(size: size)
        for j in 0..<size {
            var pivot = self[j, j]
            for k in 0..<j { pivot -= lower[j, k] * lower[j, k] }
            guard pivot > relativePivot * max(self[j, j], Double.leastNormalMagnitude), pivot.isFinite else {
                return .failure(CholeskyFailure(column: j))
            }
            let root = pivot.squareRoot()
            lower[j, j] = root
            for i in (j + 1)..<max(j + 1, size) {
                var sum = self[i, j]
                for k in 0..<j { sum -= lower[i, k] * lower[j, k] }
                lower[i, j] = sum / root
            }
        }
        return .success(lower)
    }

    struct CholeskyFailure: Error {
        var column: Int
    }
}

extension SymmetricMatrix {
    /// Solves L·Lᵀ·x = b with self as the Cholesky factor L.
    func choleskySolve(_ b: [Double]) -> [Double] {
        var y = b
        for i in 0..<size {
            for k in 0..<i { y[i] -= self[i, k] * y[k] }
            y[i] /= self[i, i]
        }
        var x = y
        for i in stride(from: size - 1, through: 0, by: -1) {
            for k in (i + 1)..<max(i + 1, size) { x[i] -= self[k, i] * x[k] }
            x[i] /= self[i, i]
        }
        return x
    }

    /// (L·Lᵀ)⁻¹ with self as the Cholesky factor L.
    func choleskyInverse() -> SymmetricMatrix {
        var inverse = SymmetricMatrix(size: size)
        for column in 0..<size {
            var unit = Array(repeating: 0.0, count: size)
            unit[column] = 1
            let solved = choleskySolve(unit)
            for row in 0..<size { inverse[row, column] = solved[row] }
        }
        return inverse
    }
}
