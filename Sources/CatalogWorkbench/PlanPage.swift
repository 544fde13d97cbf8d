import CatalogBuild
import CatalogJSON
import CatalogModel
import CatalogPlanner
import CatalogServer

extension Workbench {
    /// `/plan?profile=…&goal=…&level=…&days=…&minutes=…` (or `equipment=` instead of a profile):
    /// one week from the catalog as edited, as `catalog plan` without BUILD plans it, with a form
    /// to ask for another. Each exercise links to its record; every reason is listed. Missing
    /// words take the standard week's (the first profile, build muscle, the lowest level).
    func planPage(_ request: Request) throws -> String {
        let catalog = try catalog()
        let planned = try plans.planned(catalog)
        let q = request.query
        let standard = PlannerTable.standardWeek(level: q["level"] ?? planned.planner.levels.first ?? "")
        let asked = try PlanRequest.named(profile: q["profile"] ?? (q["equipment"] == nil ? planned.profiles.first?.name : nil), equipment: q["equipment"],
                                          goal: q["goal"] ?? Goal.muscle.rawValue, level: q["level"] ?? planned.planner.levels.first,
                                          days: q["days"] ?? String(standard.days), minutes: q["minutes"] ?? String(standard.minutes), profiles: planned.profiles)
        let week = try planned.planner.plan(asked)
        return Pages.page(title: "Plan \(asked.label)", kind: "plan", editor: editor) { h in
            h.element("h1", text: "Plan preview")
            h.element("p", [("class", "muted")]) { h in
                h.text("A week planned from the catalog as edited (a temporary build; lint and the release gates not applied), as ")
                h.element("code", text: "catalog plan")
                h.text(" without BUILD plans it.")
            }
            planForm(&h, asked, planned: planned)
            weekSection(&h, week)
        }
    }

    func planForm(_ h: inout HTML, _ asked: PlanRequest, planned: PlannedCatalog) {
        h.element("form", [("method", "get"), ("action", "/plan"), ("class", "filters"), ("id", "plan-form")]) { h in
            if asked.profile != nil {
                select(&h, "profile", planned.profiles.map(\.name), asked.profile, label: "Profile")
            } else {
                h.element("label") { h in
                    h.text("Equipment ")
                    h.void("input", [("type", "text"), ("name", "equipment"), ("value", asked.equipment.joined(separator: ","))])
                }
            }
            select(&h, "goal", Goal.allCases.map(\.rawValue), asked.goal.rawValue, label: "Goal")
            select(&h, "level", planned.planner.levels, asked.level, label: "Level")
            for (name, label, value, range) in [("days", "Days", asked.days, 1...7), ("minutes", "Minutes", asked.minutes, 15...240)] {
                h.element("label") { h in
                    h.text(label + " ")
                    h.void("input", [("type", "number"), ("name", name), ("min", String(range.lowerBound)), ("max", String(range.upperBound)), ("value", String(value))])
                }
            }
            h.element("button", [("type", "submit")], text: "Plan")
        }
    }

    /// The week: each session's exercises (linked to their records) with sets, reps and load,
    /// each target muscle's weekly sets against its minimum, target and ceiling, and the reasons.
    func weekSection(_ h: inout HTML, _ week: WeekPlan) {
        let r = week.request
        h.element("h2", [("id", "week-title")], text: "\(r.label): \(r.days) day\(r.days == 1 ? "" : "s") × \(r.minutes) min, \(week.split) split")
        for (day, session) in week.sessions.enumerated() {
            h.element("section", [("class", "session"), ("data-day", String(day + 1))]) { h in
                h.element("h3", text: "Day \(day + 1) (\(session.kind.rawValue), about \(session.minutes) min)")
                guard !session.exercises.isEmpty else { return h.element("p", [("class", "muted")], text: "No exercise fits.") }
                h.element("table", [("class", "queue")]) { h in
                    h.element("thead") { h in h.element("tr") { h in for c in ["Exercise", "Record", "Sets × reps", "Load", "Primary muscles"] { h.element("th", text: c) } } }
                    h.element("tbody") { h in
                        for e in session.exercises {
                            h.element("tr", [("class", "exercise")]) { h in
                                h.element("td") { h in h.element("a", [("href", "/records/" + Pages.segment(e.id)), ("class", "exercise-link")], text: e.name) }
                                h.element("td", text: e.id)
                                h.element("td", text: "\(e.sets) × \(e.reps.lowerBound)-\(e.reps.upperBound)")
                                h.element("td", text: e.load.map { l in "\(JSONNumber.format(l.kg)) kg \(l.equipment)" + (l.next.map { " (next \(JSONNumber.format($0)) kg)" } ?? "") } ?? "body weight")
                                h.element("td", text: e.primaryMuscles.joined(separator: ", "))
                            }
                        }
                    }
                }
            }
        }
        h.element("h3", text: "Weekly sets")
        h.element("table", [("class", "queue"), ("id", "muscles")]) { h in
            h.element("thead") { h in h.element("tr") { h in for c in ["Muscle", "Sets", "Minimum", "Target", "Ceiling", ""] { h.element("th", text: c) } } }
            h.element("tbody") { h in
                for m in week.muscles {
                    h.element("tr", [("data-muscle", m.muscle)]) { h in
                        h.element("td", text: m.muscle)
                        for x in [m.sets, m.volume.minimum, m.volume.target, m.volume.ceiling] { h.element("td", text: JSONNumber.format(x)) }
                        h.element("td", text: m.standing)
                    }
                }
            }
        }
        h.element("h3", text: "Reasons")
        guard !week.reasons.isEmpty else { return h.element("p", [("class", "muted"), ("id", "no-reasons")], text: "Every muscle reaches its minimum.") }
        h.element("ul", [("id", "plan-reasons"), ("class", "reasons")]) { h in
            for x in week.reasons {
                h.element("li", [("data-code", x.code), ("data-muscle", x.muscle)], text: x.sentence)
            }
        }
    }

    /// The preview page of `request`.
    static func planLink(_ request: PlanRequest) -> String {
        let who = request.profile.map { ("profile", $0) } ?? ("equipment", request.equipment.joined(separator: ","))
        let words = [who, ("goal", request.goal.rawValue), ("level", request.level), ("days", String(request.days)), ("minutes", String(request.minutes))]
        return "/plan?" + words.map { "\($0.0)=\(URLEncoding.encode($0.1))" }.joined(separator: "&")
    }
}
