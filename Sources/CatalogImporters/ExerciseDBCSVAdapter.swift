import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords

/// ExerciseDB as CSV: arrays are flattened into `instructions/N` and `secondaryMuscles/N`
/// columns, in any column order; an empty cell is no element. Other columns are extras.
public struct ExerciseDBCSVAdapter: SourceAdapter {
    public init() {}
    public var format: String { "exercisedb-csv" }
    public var defaultSource: String { "exercisedb" }
    public var htmlFields: Set<String> { [] }

    public func matches(_ inputs: [ImportInput]) -> Bool {
        guard inputs.count == 1, case .csv(let table) = inputs[0].content else { return false }
        return table.header.contains("id") && table.header.contains("name")
    }

    /// A column of the header: a scalar field, or element N of a flattened list.
    enum Column {
        case id
        case scalar(String)
        case element(list: String, index: Int)
        case extra(String)
    }

    static func columns(_ header: [String], file: String) throws(CatalogError) -> [Column] {
        var out: [Column] = []
        for name in header {
            if name == "id" { out.append(.id); continue }
            if ExerciseDBAdapter.scalarFields.contains(name) { out.append(.scalar(name)); continue }
            if let slash = name.firstIndex(of: "/") {
                let list = String(name[..<slash])
                guard ExerciseDBAdapter.listFields.contains(list), let n = Int(name[name.index(after: slash)...]), n >= 0 else {
                    throw .data("unexpected column '\(name)' (flattened lists are instructions/N and secondaryMuscles/N)", file: file, line: 1)
                }
                out.append(.element(list: list, index: n))
                continue
            }
            out.append(.extra(name))
        }
        guard out.contains(where: { if case .id = $0 { return true } else { return false } }) else {
            throw .data("no 'id' column", file: file, line: 1)
        }
        return out
    }

    public func records(from inputs: [ImportInput], options: ImportOptions) throws(CatalogError) -> [UpstreamRecord] {
        let input = try singleInput(inputs, format: format)
        guard case .csv(let table) = input.content else { throw .data("expected CSV for format \(format)", file: input.path) }
        guard !table.rows.isEmpty else { throw .data("no records (header only)", file: input.path) }
        let columns = try Self.columns(table.header, file: input.path)
        // Element columns by list, in numeric order whatever the header order.
        var elementOrder: [String: [(index: Int, column: Int)]] = [:]
        for (c, column) in columns.enumerated() {
            if case .element(let list, let n) = column { elementOrder[list, default: []].append((n, c)) }
        }
        for key in elementOrder.keys {
            elementOrder[key]!.sort { $0.index < $1.index }
            for (a, b) in zip(elementOrder[key]!, elementOrder[key]!.dropFirst()) where a.index == b.index {
                throw .data("columns '\(table.header[a.column])' and '\(table.header[b.column])' are the same element", file: input.path, line: 1)
            }
        }

        var records: [UpstreamRecord] = []
        records.reserveCapacity(table.rows.count)
        for row in table.rows {
            var id: String?
            var fields = JSONObject()
            var extra = JSONObject()
            for (c, column) in columns.enumerated() {
                let cell = row.cells[c]
                switch column {
                case .id: id = cell
                case .scalar(let name): if !cell.isEmpty { fields[name] = .string(cell) }
                case .extra(let name): if !cell.isEmpty { extra[name] = .string(cell) }
                case .element: break
                }
            }
            guard let id, !id.isEmpty else { throw .data("missing id", file: input.path, line: row.line, field: "id") }
            if let problem = RecordID.problem(with: id) { throw .data("invalid id \"\(CatalogError.quote(id))\": \(problem)", file: input.path, line: row.line, record: id, field: "id") }
            guard let name = fields["name"]?.stringValue, !TextNormalizer.isBlank(name) else {
                throw .data("missing or empty", file: input.path, line: row.line, record: id, field: "name")
            }
            for list in ExerciseDBAdapter.listFields {
                guard let order = elementOrder[list] else { continue }
                fields[list] = .strings(order.map { row.cells[$0.column] }.filter { !$0.isEmpty })
            }
            records.append(UpstreamRecord(id: id, fields: fields, extra: extra))
        }
        return try uniqueSorted(records, file: input.path)
    }
}
