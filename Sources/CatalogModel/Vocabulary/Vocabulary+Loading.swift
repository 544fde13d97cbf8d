import CatalogJSON

/// Reading the five vocabulary files, with every reference checked.
extension Vocabulary {
    public static let files = ["patterns.json", "equipment.json", "muscles.json", "levels.json", "joints.json"]

    /// Builds the vocabulary from the files' bytes (file name → bytes). A missing file leaves
    /// that vocabulary empty; a broken one is an error naming the file and field.
    public static func load(_ documents: [String: [UInt8]], directory: String) throws(CatalogError) -> Vocabulary {
        var readers: [String: JSONReader] = [:]
        for name in files {
            guard let bytes = documents[name] else { continue }
            readers[name] = try JSONReader.document(bytes, file: directory + "/" + name)
        }
        return try load(readers)
    }

    /// Builds the vocabulary from each file's object (file name → a reader of it, as
    /// `catalog/vocab/` has them, or as a build carries their planner part).
    public static func load(_ readers: [String: JSONReader]) throws(CatalogError) -> Vocabulary {
        var vocab = Vocabulary()
        if let r = readers["patterns.json"] { try vocab.loadPatterns(r) }
        if let r = readers["equipment.json"] { try vocab.loadEquipment(r) }
        if let r = readers["muscles.json"] { try vocab.loadMuscles(r) }
        if let r = readers["levels.json"] { try vocab.loadLevels(r) }
        if let r = readers["joints.json"] {
            // Each list is built aside and set once: setting one re-indexes it (Vocabulary's didSet).
            var joints: [Joint] = []
            for j in try r.objectReaders("joints") {
                joints.append(Joint(id: try j.string("id"), definition: try j.string("definition")))
            }
            vocab.joints = joints
            try checkUnique(vocab.joints.map(\.id), r, "joints")
        }
        try loadSuggestionTables(&vocab, patterns: readers["patterns.json"], muscles: readers["muscles.json"])
        return vocab
    }

    private mutating func loadPatterns(_ r: JSONReader) throws(CatalogError) {
        var patterns: [Pattern] = []
        for p in try r.objectReaders("patterns") {
            patterns.append(Pattern(id: try p.string("id"), definition: try p.string("definition"), nameKeywords: try p.optionalStrings("nameKeywords") ?? []))
        }
        self.patterns = patterns
        try Self.checkUnique(patterns.map(\.id), r, "patterns")
    }

    private mutating func loadEquipment(_ r: JSONReader) throws(CatalogError) {
        var equipment: [EquipmentItem] = []
        for e in try r.objectReaders("items") {
            let seconds = try e.optionalNumber("setupSeconds") ?? 0
            guard seconds >= 0, seconds <= 600, seconds == seconds.rounded() else { throw e.fail("must be a whole number from 0 to 600", "setupSeconds") }
            equipment.append(EquipmentItem(id: try e.string("id"), definition: try e.string("definition"), setupSeconds: Int(seconds),
                                           kindOf: try e.optionalStrings("kindOf") ?? [], loadSteps: try Self.loadSteps(e)))
        }
        self.equipment = equipment
        try Self.checkUnique(equipment.map(\.id), r, "items")
        for (i, item) in equipment.enumerated() {
            for (k, general) in item.kindOf.enumerated() where equipmentItem(general) == nil {
                throw r.fail("unknown equipment item '\(general)'", "items[\(i)].kindOf[\(k)]")
            }
        }
        if let cycle = Self.kindOfCycle(equipment) {
            var names = (cycle + [cycle[0]]).map { equipment[$0.item].id }
            if names.count > 12 { names[6..<(names.count - 5)] = ["… \(names.count - 11) more …"] }
            throw r.fail("kindOf goes round in a cycle, \(names.joined(separator: " → ")): an item is not a kind of itself, not even through others",
                         "items[\(cycle[0].item)].kindOf[\(cycle[0].link)]")
        }
        if r.has("nameImplies") {
            var nameImplications: [NameImplication] = []
            for n in try r.objectReaders("nameImplies") {
                // The items a list names, each one of the vocabulary's.
                func known(_ key: String, _ list: [String]) throws(CatalogError) -> [String] {
                    for (i, item) in list.enumerated() where equipmentItem(item) == nil { throw n.fail("unknown equipment item '\(item)'", "\(key)[\(i)]") }
                    return list
                }
                let items = try known("items", try n.strings("items")), insteadOf = try known("insteadOf", try n.optionalStrings("insteadOf") ?? [])
                let replaces = try n.optionalStrings("replaces") ?? []
                nameImplications.append(NameImplication(keyword: try n.string("keyword").lowercased(), items: items, replaces: replaces, insteadOf: insteadOf, instructions: n.object["instructions"] == .bool(true)))
            }
            self.nameImplications = nameImplications
        }
        equipmentSynonyms = try Self.synonymLists(r, known: equipmentIDs, what: "equipment item")
        if let unknown = try r.optionalObjectReader("unknownTerms") {
            for member in unknown.object.members { unknownEquipmentTerms[member.key] = Set(try unknown.strings(member.key)) }
        }
    }

    /// The first cycle of `kindOf` links among `items` (in the items' order; an item that names
    /// itself is one), as the items round it with the index of each one's link to the next; nil
    /// when there is none. A walk with a stack of its own, so a long chain cannot overflow it.
    static func kindOfCycle(_ items: [EquipmentItem]) -> [(item: Int, link: Int)]? {
        var position: [String: Int] = [:]
        for (i, item) in items.enumerated() { position[item.id] = i }
        var state = [UInt8](repeating: 0, count: items.count)  // 0 not seen, 1 on the path, 2 done
        for start in items.indices where state[start] == 0 {
            // Each item on the path, with the next of its links to follow.
            var path: [(item: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let (i, k) = path.last {
                guard k < items[i].kindOf.count else {
                    state[i] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                guard let j = position[items[i].kindOf[k]] else { continue }
                if state[j] == 1 { return path[path.firstIndex { $0.item == j }!...].map { ($0.item, $0.next - 1) } }
                if state[j] == 0 {
                    state[j] = 1
                    path.append((j, 0))
                }
            }
        }
        return nil
    }

    /// An item's `loadStepKg`: a step above 0 and at most 100 kg, or a list of such loads in
    /// ascending order; nil when absent.
    static func loadSteps(_ e: JSONReader) throws(CatalogError) -> LoadSteps? {
        func kg(_ value: JSONValue, _ key: String) throws(CatalogError) -> Double {
            guard case .number(let n) = value, let d = Double(n), d.isFinite, d > 0, d <= 1000 else {
                throw e.fail("expected a load in kg above 0 and at most 1000, found \(JSONWriter.string(value))", key)
            }
            return d
        }
        switch e.object["loadStepKg"] {
        case nil, .null?:
            return nil
        case .array(let values)?:
            guard !values.isEmpty else { throw e.fail("a list of loads needs at least one load", "loadStepKg") }
            var loads: [Double] = []
            for (i, value) in values.enumerated() {
                let load = try kg(value, "loadStepKg[\(i)]")
                if let last = loads.last, load <= last { throw e.fail("loads must rise: \(JSONNumber.format(load)) follows \(JSONNumber.format(last))", "loadStepKg[\(i)]") }
                loads.append(load)
            }
            return .loads(loads)
        case let value?:
            let step = try kg(value, "loadStepKg")
            guard step <= 100 else { throw e.fail("a step of \(JSONNumber.format(step)) kg is more than 100 kg", "loadStepKg") }
            return .step(step)
        }
    }

    private mutating func loadMuscles(_ r: JSONReader) throws(CatalogError) {
        var groupOf: [String: String] = [:], groups: [(id: String, muscles: [String])] = [], muscles: [Muscle] = []
        for g in try r.objectReaders("groups") {
            let id = try g.string("id")
            let members = try g.strings("muscles")
            groups.append((id, members))
            for m in members { groupOf[m] = id }
        }
        self.groups = groups
        try Self.checkUnique(groups.map(\.id), r, "groups")
        for m in try r.objectReaders("muscles") {
            let id = try m.string("id")
            guard let group = groupOf[id] else { throw m.fail("muscle '\(id)' is in no group", "id") }
            let planner: Bool
            switch m.object["planner"] {
            case .bool(let b)?: planner = b
            case nil: planner = false
            case let other?: throw m.fail("expected true or false, found \(other.typeName)", "planner")
            }
            muscles.append(Muscle(id: id, name: try m.string("name"), group: group, planner: planner))
        }
        self.muscles = muscles
        try Self.checkUnique(muscles.map(\.id), r, "muscles")
        for (gi, group) in groups.enumerated() {
            for (mi, m) in group.muscles.enumerated() where muscle(m) == nil {
                throw r.fail("group lists unknown muscle '\(m)'", "groups[\(gi)].muscles[\(mi)]")
            }
        }
        muscleSynonyms = try Self.synonymLists(r, known: muscleOrGroupIDs, what: "muscle or group")
    }

    private mutating func loadLevels(_ r: JSONReader) throws(CatalogError) {
        levels = try r.objectReaders("levels").map { (l: JSONReader) throws(CatalogError) -> String in try l.string("id") }
        try Self.checkUnique(levels, r, "levels")
        guard let sources = try r.optionalObjectReader("synonyms") else { return }
        for member in sources.object.members {
            let terms = try JSONReader(member.value, file: r.file, path: sources.fieldPath(member.key))
            var map: [String: String] = [:]
            for term in terms.object.members {
                let level = try terms.string(term.key)
                guard levels.contains(level) else { throw terms.fail("unknown level '\(level)'", term.key) }
                map[term.key] = level
            }
            levelSynonyms[member.key] = map
        }
    }

    static func checkUnique(_ ids: [String], _ r: JSONReader, _ key: String) throws(CatalogError) {
        var seen = Set<String>()
        for (i, id) in ids.enumerated() where !seen.insert(id).inserted {
            throw r.fail("duplicate id '\(id)'", "\(key)[\(i)]")
        }
    }

    /// `synonyms: {source: {term: [id...]}}` with every id checked against `known`.
    static func synonymLists(_ r: JSONReader, known: Set<String>, what: String) throws(CatalogError) -> [String: [String: [String]]] {
        guard let sources = try r.optionalObjectReader("synonyms") else { return [:] }
        var out: [String: [String: [String]]] = [:]
        for member in sources.object.members {
            let terms = try JSONReader(member.value, file: r.file, path: sources.fieldPath(member.key))
            var map: [String: [String]] = [:]
            for term in terms.object.members {
                let ids = try terms.strings(term.key)
                for (i, id) in ids.enumerated() where !known.contains(id) {
                    throw terms.fail("unknown \(what) '\(id)'", "\(term.key)[\(i)]")
                }
                map[term.key] = ids
            }
            out[member.key] = map
        }
        return out
    }
}
