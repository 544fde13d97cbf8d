/// After the search: swaps and set removal while the week's score improves.
extension SearchContext {
    /// Up to `improvementPasses` passes over every pick, session by session: a set is removed
    /// (down to `minimumSets`) when the week scores higher without it, and the pick is swapped
    /// for the candidate that raises the week's score most (ties by id), if any does.
    func improve(_ state: inout WeekState, split: Split) {
        for _ in 0..<PlannerTable.improvementPasses {
            var changed = false
            for session in state.sessions.indices {
                for i in state.sessions[session].indices {
                    if removeSet(&state, session: session, at: i) { changed = true }
                    if swap(&state, session: session, at: i, split: split) { changed = true }
                }
            }
            if !changed { break }
        }
    }

    /// Removes one set of the pick at `i` when that raises the week's score.
    func removeSet(_ state: inout WeekState, session: Int, at i: Int) -> Bool {
        let pick = state.sessions[session][i]
        guard pick.sets > PlannerTable.minimumSets else { return false }
        var trial = state
        trial.sessions[session][i].sets -= 1
        add(pick.option, sets: -1, to: &trial.volume)
        trial.score = weekScore(trial)
        guard trial.score > state.score else { return false }
        state = trial
        return true
    }

    /// Replaces the pick at `i` with the candidate that raises the week's score most.
    func swap(_ state: inout WeekState, session: Int, at i: Int, split: Split) -> Bool {
        let kind = kind(split, session)
        let pick = state.sessions[session][i]
        var base = state
        add(pick.option, sets: -pick.sets, to: &base.volume)
        var others = 0.0, n = 0
        for (s, picks) in state.sessions.enumerated() {
            for (j, p) in picks.enumerated() where !(s == session && j == i) {
                others += p.score
                n += 1
            }
        }
        var best: (option: Int, score: Double, week: Double)?
        var view = view(state, session: session, split: split, skipping: i)
        view.picked.append(pick.option)
        for o in byKind[kindIndex(kind)] where allowed(o, sets: pick.sets, volume: base.volume, view: view) {
            let s = score(options[o], volume: base.volume, view: view)
            var volume = base.volume
            add(o, sets: pick.sets, to: &volume)
            let week = score(volume: volume, pickScores: others + s, picks: n + 1)
            guard week > state.score + 1e-12 else { continue }
            if let b = best, week <= b.week { continue }
            best = (o, s, week)
        }
        guard let best else { return false }
        add(best.option, sets: pick.sets, to: &base.volume)
        base.sessions[session][i] = Pick(option: best.option, sets: pick.sets, score: best.score)
        base.score = best.week
        state = base
        return true
    }
}
