/// A record that does not have the catalog's shape.
public struct RecordShapeError: Error, Sendable {
    public var field: String?
    public var message: String

    public init(field: String?, message: String) {
        self.field = field
        self.message = message
    }
}
