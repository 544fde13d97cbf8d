import CatalogCore
import CatalogJSON
import CatalogModel
import CatalogRecords
import CatalogServer
import Foundation

extension Workbench {
    /// The review form: one picker per planner field from the vocabularies (lists as searchable
    /// chips), then confidence, planning, note and the soft rules' exceptions; findings appear
    /// live in the status bar at the top, and the field they name is marked.
    func reviewForm(_ h: inout HTML, vocabulary: Vocabulary, review: Review?) {
        func current(_ field: PlannerField) -> JSONValue? { review?.corrections[field]?.value }
        h.element("form", [("id", "review-form"), ("class", "review"), ("novalidate", "")]) { h in
            h.element("div", [("class", "actions")]) { h in
                h.element("button", [("type", "submit"), ("id", "save")], text: "Save and next (s)")
                h.element("button", [("type", "button"), ("id", "save-stay")], text: "Save (S)")
                h.element("button", [("type", "button"), ("id", "skip")], text: "Skip (n)")
                h.element("button", [("type", "button"), ("id", "accept-all")], text: "Use every suggestion (a)")
            }
            picker(&h, .movementPattern, vocabulary.patterns.map { ($0.id, $0.id, $0.definition) }, current(.movementPattern))
            picker(&h, .equipment, vocabulary.equipment.map { ($0.id, $0.id, $0.definition) }, current(.equipment))
            let muscles = vocabulary.groups.flatMap { group in [(group.id, "\(group.id) (group)", "")] + group.muscles.map { ($0, "  " + $0, vocabulary.muscle($0)?.name ?? "") } }
            picker(&h, .primaryMuscles, muscles, current(.primaryMuscles))
            picker(&h, .secondaryMuscles, muscles, current(.secondaryMuscles))
            picker(&h, .level, vocabulary.levels.map { ($0, $0, "") }, current(.level))
            field(&h, "setupSeconds") { h in
                h.void("input", [("type", "number"), ("name", "setupSeconds"), ("id", "f-setupSeconds"), ("min", "0"), ("max", "600"), ("step", "1"),
                                 ("value", current(.setupSeconds).map { Pages.plain($0) } ?? "")])
            }
            picker(&h, .mechanic, Vocabulary.mechanics.map { ($0, $0, "") }, current(.mechanic))
            // Nothing picked leaves joint stress unset (for equipment, nothing picked means "needs nothing").
            picker(&h, .jointStress, vocabulary.joints.map { ($0.id, $0.id, $0.definition) }, current(.jointStress), emptyIsUnset: true)
            picker(&h, .laterality, Vocabulary.lateralities.map { ($0, $0, "") }, current(.laterality))
            field(&h, "variantOf") { h in
                h.void("input", [("type", "text"), ("name", "variantOf"), ("id", "f-variantOf"), ("placeholder", "id of the record this one copies"),
                                 ("value", current(.variantOf)?.stringValue ?? "")])
            }
            field(&h, "confidence") { h in
                h.void("input", [("type", "number"), ("name", "confidence"), ("id", "f-confidence"), ("min", "0"), ("max", "1"), ("step", "0.05"),
                                 ("value", review?.confidence.map { JSONNumber.format($0) } ?? "")])
            }
            var reason: String?
            if case .manualOnly(let why)? = review?.planning { reason = why }
            let manual = reason != nil
            field(&h, "planning") { h in
                h.element("select", [("name", "planning"), ("id", "f-planning")]) { h in
                    h.element("option", [("value", "auto"), ("selected", manual ? nil : "")], text: "auto")
                    h.element("option", [("value", "manual-only"), ("selected", manual ? "" : nil)], text: "manual-only")
                }
                h.void("input", [("type", "text"), ("name", "planningReason"), ("id", "f-planningReason"), ("placeholder", "why manual only"),
                                 ("value", reason ?? "")])
            }
            field(&h, "note") { h in
                h.element("textarea", [("name", "note"), ("id", "f-note"), ("rows", "2")], text: review?.note ?? "")
            }
            let exceptions = review?.exceptions ?? [:]
            h.element("details", [("class", "exceptions"), ("open", exceptions.isEmpty ? nil : "")]) { h in
                h.element("summary", text: "Exceptions to soft rules (a justification)")
                for rule in Rules.all where rule.severity == .soft {
                    h.element("label", [("title", rule.summary)]) { h in
                        h.text(rule.id.rawValue + " ")
                        h.void("input", [("type", "text"), ("data-rule", rule.id.rawValue), ("class", "exception"), ("value", exceptions[rule.id.rawValue] ?? "")])
                    }
                }
            }
        }
        h.element("section", [("id", "conflict"), ("class", "conflict"), ("hidden", "")]) { h in
            h.element("h2", [("id", "conflict-title")], text: "Someone else saved this review meanwhile")
            h.element("p", text: "Nothing was written. Their version is below; your edits are still in the form. Save again to write yours over theirs, or reload to take theirs.")
            h.element("pre", [("id", "conflict-current")]) { _ in }
        }
    }

    /// A select of a planner field; the review's value is selected. A list field's select is the
    /// value behind a chip picker: its chips, and a text box that finds items by name (a
    /// datalist of the vocabulary) and adds them on Enter; no Ctrl-click list box.
    func picker(_ h: inout HTML, _ field: PlannerField, _ options: [(value: String, label: String, title: String)], _ current: JSONValue?, emptyIsUnset: Bool = false) {
        let selected = Set(PlannerValues.strings(current))
        self.field(&h, field.rawValue, labelFor: field.isList ? "f-\(field.rawValue)-input" : nil) { h in
            if field.isList {
                h.element("div", [("class", "chips"), ("data-for", "f-" + field.rawValue)]) { h in
                    h.element("span", [("class", "chip-list")]) { _ in }
                    h.void("input", [("type", "text"), ("id", "f-\(field.rawValue)-input"), ("class", "chip-input"), ("list", "dl-" + field.rawValue),
                                     ("placeholder", "type to add…"), ("autocomplete", "off")])
                }
                h.element("datalist", [("id", "dl-" + field.rawValue)]) { h in
                    for option in options { h.element("option", [("value", option.value)], text: option.label.trimmingCharacters(in: .whitespaces)) }
                }
            }
            h.element("select", [("name", field.rawValue), ("id", "f-" + field.rawValue), ("multiple", field.isList ? "" : nil), ("hidden", field.isList ? "" : nil),
                                 ("data-list", field.isList ? "true" : nil), ("data-empty", emptyIsUnset ? "null" : nil)]) { h in
                if !field.isList { h.element("option", [("value", "")], text: "(not set)") }
                for option in options {
                    h.element("option", [("value", option.value), ("title", option.title.isEmpty ? nil : option.title),
                                         ("selected", selected.contains(option.value) ? "" : nil)], text: option.label)
                }
                // A value the vocabulary no longer has stays visible (the rules flag it).
                for value in selected.subtracting(options.map(\.value)).sorted() {
                    h.element("option", [("value", value), ("selected", "")], text: value + " (not in the vocabulary)")
                }
            }
        }
    }

    func field(_ h: inout HTML, _ name: String, labelFor: String? = nil, _ body: (inout HTML) -> Void) {
        h.element("div", [("class", "field"), ("data-field", name)]) { h in
            h.element("label", [("for", labelFor ?? "f-" + name)], text: name)
            body(&h)
        }
    }
}
