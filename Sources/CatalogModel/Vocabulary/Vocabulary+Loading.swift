/// Reading the four vocabulary files, with every reference checked.
extension Vocabulary {
    public static let files = ["patterns.json", "equipment.json", "muscles.json", "levels.json", "joints.json"]

    /// Builds the vocabulary from the files' bytes (file name → bytes). A missing file leaves
    /// that vocabulary empty; a broken one is an error naming the file and field.
    public static func load(_ documents: [String: [UInt8]], directory: String) throws(CatalogError) -> Vocabulary {
        var vocab = Vocabulary()
        func reader(_ name: String) throws(CatalogError) -> JSONReader? {
            guard let bytes = documents[name] else { return nil }
            return try JSONReader.document(bytes, file: directory + "/" + name)
        }
        if let r = try reader("patterns.json") {
            for p in try r.objectReaders("patterns") {
                vocab.patterns.append(Pattern(id: try p.string("id"), definition: try p.string("definition"), nameKeywords: try p.optionalStrings("nameKeywords") ?? []))
            }
            try checkUnique(vocab.patterns.map(\.id), r, "patterns")
        }
        if let r = try reader("equipment.json") {
            for e in try r.objectReaders("items") {
                let seconds = try e.optionalNumber("setupSeconds") ?? 0
                guard seconds >= 0, seconds <= 600, seconds == seconds.rounded() else { throw e.fail("must be a whole number from 0 to 600", "setupSeconds") }
                vocab.equipment.append(EquipmentItem(id: try e.string("id"), definition: try e.string("definition"), setupSeconds: Int(seconds),
                                                     kindOf: try e.optionalStrings("kindOf") ?? []))
            }
            try checkUnique(vocab.equipment.map(\.id), r, "items")
            for (i, item) in vocab.equipment.enumerated() {
                for (k, general) in item.kindOf.enumerated() where vocab.equipmentItem(general) == nil || general == item.id {
                    throw r.fail(general == item.id ? "an item is not a kind of itself" : "unknown equipment item '\(general)'", "items[\(i)].kindOf[\(k)]")
                }
            }
            if r.has("nameImplies") {
                for n in try r.objectReaders("nameImplies") {
                    let items = try n.strings("items")
                    for (i, item) in items.enumerated() where vocab.equipmentItem(item) == nil {
                        throw n.fail("unknown equipment item '\(item)'", "items[\(i)]")
                    }
                    let replaces = try n.optionalStrings("replaces") ?? []
                    vocab.nameImplications.append(NameImplication(keyword: try n.string("keyword").lowercased(), items: items, replaces: replaces))
                }
            }
            vocab.equipmentSynonyms = try synonymLists(r, known: vocab.equipmentIDs, what: "equipment item")
            if let unknown = try r.optionalObjectReader("unknownTerms") {
                for member in unknown.object.members { vocab.unknownEquipmentTerms[member.key] = Set(try unknown.strings(member.key)) }
            }
        }
        if let r = try reader("muscles.json") {
            var groupOf: [String: String] = [:]
            for g in try r.objectReaders("groups") {
                let id = try g.string("id")
                let members = try g.strings("muscles")
                vocab.groups.append((id, members))
                for m in members { groupOf[m] = id }
            }
            try checkUnique(vocab.groups.map(\.id), r, "groups")
            for m in try r.objectReaders("muscles") {
                let id = try m.string("id")
                guard let group = groupOf[id] else { throw m.fail("muscle '\(id)' is in no group", "id") }
                let planner: Bool
                switch m.object["planner"] {
                case .bool(let b)?: planner = b
                case nil: planner = false
                case let other?: throw m.fail("expected true or false, found \(other.typeName)", "planner")
                }
                vocab.muscles.append(Muscle(id: id, name: try m.string("name"), group: group, planner: planner))
            }
            try checkUnique(vocab.muscles.map(\.id), r, "muscles")
            for (gi, group) in vocab.groups.enumerated() {
                for (mi, m) in group.muscles.enumerated() where vocab.muscle(m) == nil {
                    throw r.fail("group lists unknown muscle '\(m)'", "groups[\(gi)].muscles[\(mi)]")
                }
            }
            vocab.muscleSynonyms = try synonymLists(r, known: vocab.muscleOrGroupIDs, what: "muscle or group")
        }
        if let r = try reader("levels.json") {
            vocab.levels = try r.objectReaders("levels").map { (l: JSONReader) throws(CatalogError) -> String in try l.string("id") }
            try checkUnique(vocab.levels, r, "levels")
            if let sources = try r.optionalObjectReader("synonyms") {
                for member in sources.object.members {
                    let terms = try JSONReader(member.value, file: r.file, path: sources.fieldPath(member.key))
                    var map: [String: String] = [:]
                    for term in terms.object.members {
                        let level = try terms.string(term.key)
                        guard vocab.levels.contains(level) else { throw terms.fail("unknown level '\(level)'", term.key) }
                        map[term.key] = level
                    }
                    vocab.levelSynonyms[member.key] = map
                }
            }
        }
        if let r = try reader("joints.json") {
            for j in try r.objectReaders("joints") {
                vocab.joints.append(Joint(id: try j.string("id"), definition: try j.string("definition")))
            }
            try checkUnique(vocab.joints.map(\.id), r, "joints")
        }
        try loadSuggestionTables(&vocab, patterns: try reader("patterns.json"), muscles: try reader("muscles.json"))
        return vocab
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
