import CatalogServer

/// The workbench's own stylesheet and script (`Assets+Script.swift`), compiled into the binary: nothing is fetched from
/// elsewhere, and the Content-Security-Policy allows exactly these (`script-src 'self'`).
enum Assets {
    static func serve(_ request: Request) -> Response {
        switch request.parameters["file"] {
        case "app.js": return Response(status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")], body: Array(script.utf8))
        case "app.css": return Response(status: 200, headers: [("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "no-cache")], body: Array(stylesheet.utf8))
        default: return .error(404, "not found")
        }
    }

    static let stylesheet = #"""
/* The workbench's stylesheet (served from the binary as /static/app.css). */
:root { --fg: #1d232a; --muted: #66707a; --line: #d7dce1; --accent: #0b62c4; --bg: #f7f8fa; font-family: system-ui, sans-serif; }
body { margin: 0; color: var(--fg); background: var(--bg); }
header.top { display: flex; gap: 1.5rem; align-items: center; padding: .5rem 1rem; background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; }
header.top nav a { margin-right: 1rem; color: var(--accent); text-decoration: none; font-weight: 600; }
.progress { display: flex; gap: .4rem; align-items: center; color: var(--muted); }
.editor { margin-left: auto; }
main { padding: 1rem 1.5rem; }
h1 small { color: var(--muted); font-weight: normal; font-size: .6em; }
.badge { display: inline-block; padding: .1rem .5rem; border-radius: 1rem; font-size: .85em; background: #e7eaee; }
.state-current { background: #d8f3dc; } .state-stale { background: #ffe8b3; } .state-unreviewed { background: #e7eaee; } .state-removed { background: #f8d0d0; }
table.queue { border-collapse: collapse; width: 100%; background: #fff; }
table.queue td, table.queue th { padding: .3rem .6rem; border-bottom: 1px solid var(--line); text-align: left; }
tr.item.selected { outline: 2px solid var(--accent); background: #eef5ff; }
.filters { display: flex; gap: 1rem; flex-wrap: wrap; margin-bottom: .5rem; }
.pager a { margin-right: 1rem; }
.columns { display: grid; grid-template-columns: minmax(320px, 1fr) minmax(360px, 1fr); gap: 1.5rem; }
.animation img, .animation canvas { width: 100%; max-width: 540px; height: auto; image-rendering: pixelated; border: 1px solid var(--line); background: #fff; }
figcaption { display: flex; gap: .5rem; align-items: center; margin-top: .3rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); padding: .5rem; max-height: 24rem; overflow: auto; }
.diff del { background: #fdd; } .diff ins { background: #dfd; text-decoration: none; } .diff .move { background: #e5e0ff; }
table.suggestions { border-collapse: collapse; background: #fff; width: 100%; }
table.suggestions th, table.suggestions td { border-bottom: 1px solid var(--line); padding: .25rem .4rem; vertical-align: top; text-align: left; }
.evidence-list { margin: 0; padding-left: 1rem; color: var(--muted); font-size: .9em; }
form.review .field { display: grid; grid-template-columns: 10rem 1fr; gap: .5rem; margin: .4rem 0; align-items: start; }
form.review select, form.review input, form.review textarea { font: inherit; }
fieldset.exceptions label { display: block; margin: .2rem 0; font-size: .9em; }
.actions { display: flex; gap: 1rem; align-items: center; margin: .7rem 0; }
.findings li { color: #8a3b00; }
.conflict { border: 2px solid #c0392b; background: #fff4f2; padding: .5rem 1rem; }
ul.grid { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 1rem; }
.card { background: #fff; border: 1px solid var(--line); padding: .5rem; }
.card img { width: 100%; height: auto; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 0 .5rem; font-size: .85em; margin: .3rem 0 0; }
.card dd { margin: 0; } .card dd.drafted { color: var(--muted); font-style: italic; }
.no-media { height: 180px; display: grid; place-items: center; color: var(--muted); background: #eef0f3; }
.muted { color: var(--muted); }
table.stale-fields { border-collapse: collapse; width: 100%; background: #fff; } table.stale-fields th, table.stale-fields td { border-bottom: 1px solid var(--line); padding: .3rem; vertical-align: top; text-align: left; }
ol.steps { margin: 0; padding-left: 1.4rem; } td.review-values ul { margin: 0; padding-left: 1rem; font-size: .9em; }
.statusbar { position: sticky; top: 2.6rem; z-index: 1; background: var(--bg); padding: .2rem 0; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: .2rem 1.5rem; align-items: baseline; }
.statusbar p, .statusbar ul { margin: 0; } .statusbar ul { padding-left: 1rem; font-size: .9em; }
.animation img, .animation canvas { max-height: 420px; object-fit: contain; }
.field.invalid { outline: 2px solid #c0392b; background: #fff4f2; }
.chips { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; border: 1px solid var(--line); background: #fff; padding: .15rem; }
.chip { border: 1px solid var(--accent); border-radius: 1rem; background: #eef5ff; padding: 0 .5rem; font: inherit; font-size: .9em; cursor: pointer; }
.chip-input { border: none; flex: 1; min-width: 8rem; outline: none; }
details.exceptions label { display: block; margin: .2rem 0; font-size: .9em; }
form.review .field { margin: .25rem 0; }
ol.history { font-size: .9em; padding-left: 1.5rem; } ol.history li.undone > span.when { text-decoration: line-through; } ol.history ul { margin: 0; color: var(--muted); }
.error { color: #c0392b; }
dialog dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; }
"""#
}
