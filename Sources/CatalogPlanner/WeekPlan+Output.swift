import CatalogJSON
import CatalogModel

extension WeekPlan {
    /// `plan --json`: profile, split, score, sessions [{day, kind, minutes, exercises [{id,
    /// name, sets, reps {min, max}, load {equipment, kg, next} | null, primaryMuscles}]}],
    /// muscles [{muscle, sets, minimum, target, ceiling}], reasons [{code, muscle, sets, minimum, target}].
    public var json: JSONValue {
        func n(_ x: Double) -> JSONValue { .number(JSONNumber.format(x)) }
        let r = request
        let profile = JSONObject([
            JSONMember("name", r.profile.map { .string($0) } ?? .null), JSONMember("equipment", .strings(r.equipment)),
            JSONMember("goal", .string(r.goal.rawValue)), JSONMember("level", .string(r.level)),
            JSONMember("days", .int(r.days)), JSONMember("minutes", .int(r.minutes)),
        ])
        let sessions: [JSONValue] = sessions.enumerated().map { day, s in
            .object(JSONObject([
                JSONMember("day", .int(day + 1)), JSONMember("kind", .string(s.kind.rawValue)), JSONMember("minutes", .int(s.minutes)),
                JSONMember("exercises", .array(s.exercises.map { e in .object(JSONObject([
                    JSONMember("id", .string(e.id)), JSONMember("name", .string(e.name)), JSONMember("sets", .int(e.sets)),
                    JSONMember("reps", .object(JSONObject([JSONMember("min", .int(e.reps.lowerBound)), JSONMember("max", .int(e.reps.upperBound))]))),
                    JSONMember("load", e.load.map { l in .object(JSONObject([
                        JSONMember("equipment", .string(l.equipment)), JSONMember("kg", n(l.kg)), JSONMember("next", l.next.map(n) ?? .null),
                    ])) } ?? .null),
                    JSONMember("primaryMuscles", .strings(e.primaryMuscles)),
                ])) })),
            ]))
        }
        return .object(JSONObject([
            JSONMember("profile", .object(profile)), JSONMember("split", .string(split)), JSONMember("score", n(score)),
            JSONMember("sessions", .array(sessions)),
            JSONMember("muscles", .array(muscles.map { m in .object(JSONObject([
                JSONMember("muscle", .string(m.muscle)), JSONMember("sets", n(m.sets)), JSONMember("minimum", n(m.volume.minimum)),
                JSONMember("target", n(m.volume.target)), JSONMember("ceiling", n(m.volume.ceiling)),
            ])) })),
            JSONMember("reasons", .array(reasons.map { x in .object(JSONObject([
                JSONMember("code", .string(x.code)), JSONMember("muscle", .string(x.muscle)), JSONMember("sets", n(x.sets)),
                JSONMember("minimum", n(x.minimum)), JSONMember("target", n(x.target)),
            ])) })),
        ]))
    }

    /// The week for people: each session with its exercises (name, id, sets × reps, load), each
    /// muscle's weekly sets against its target, and the reasons.
    public var text: String {
        let r = request
        var out = "\(r.label): \(r.days) day\(r.days == 1 ? "" : "s") × \(r.minutes) min, \(split) split\n"
        for (day, s) in sessions.enumerated() {
            out += "\nday \(day + 1) (\(s.kind.rawValue), about \(s.minutes) min)\n"
            if s.exercises.isEmpty { out += "  (no exercise fits)\n" }
            for e in s.exercises {
                let load = e.load.map { l in ", \(JSONNumber.format(l.kg)) kg \(l.equipment)" + (l.next.map { " (next \(JSONNumber.format($0)) kg)" } ?? "") } ?? ", body weight"
                out += "  \(e.name) (\(e.id)): \(e.sets) × \(e.reps.lowerBound)-\(e.reps.upperBound)\(load)\n"
            }
        }
        out += "\nweekly sets (minimum / target / ceiling)\n"
        let width = (muscles.map(\.muscle.count).max() ?? 0) + 1
        for m in muscles {
            out += "  " + (m.muscle + ":").padding(toLength: width + 1, withPad: " ", startingAt: 0)
                + "\(JSONNumber.format(m.sets)) / \(JSONNumber.format(m.volume.minimum)) / \(JSONNumber.format(m.volume.target)) / \(JSONNumber.format(m.volume.ceiling))  \(m.standing)\n"
        }
        if !reasons.isEmpty { out += "\n" }
        for x in reasons { out += x.sentence + "\n" }
        return out
    }
}

extension WeekPlan.MuscleSets {
    /// Where the weekly sets stand: `below minimum`, `below target` or `at target`.
    public var standing: String { sets < volume.minimum ? "below minimum" : (sets < volume.target ? "below target" : "at target") }
}

extension WeekPlan.Reason {
    /// The reason for people: `VOLUME_BELOW_TARGET: hamstrings gets 2 weekly sets, under its
    /// minimum of 6 (target 10)`.
    public var sentence: String {
        "\(code): \(muscle) gets \(JSONNumber.format(sets)) weekly sets, under its minimum of \(JSONNumber.format(minimum)) (target \(JSONNumber.format(target)))"
    }
}
