"""Pages people can open from disk and hand on: the report of one game (header, sheet,
score race, the board at every move) and the report of an audit, as self-contained
HTML files (CSS, script and pictures inline; nothing fetched from the network).

The HTML comes from Jinja2 templates in ``gamelog/templates`` (autoescaped: a
player called ``<script>`` is shown, not run). Without JavaScript a report still
shows the final position, the whole move list and the sheet; with it, the board
steps through the moves (buttons, a slider, the arrow keys).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamelog import __version__
from gamelog.core import charts, render, svg
from gamelog.core.game import Game
from gamelog.core.outcome import record, sheet_of
from gamelog.core.replay import Replay, Step, replay
from gamelog.core.report import source_line
from gamelog.core.visible import visible


@cache
def _environment() -> Any:
    import jinja2  # only the commands that write pages pay for it

    return jinja2.Environment(
        loader=jinja2.PackageLoader("gamelog", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=False,
        lstrip_blocks=False,
        finalize=_shown,
    )


def _shown(value: Any) -> Any:
    """Every value a template writes, its bidirectional controls made visible (the
    HTML already made, a picture, stays HTML)."""
    from markupsafe import Markup

    if not isinstance(value, str):
        return value
    shown = visible(value)
    if shown is value:  # nothing to show otherwise (no copy of a long list of moves)
        return value
    return Markup(shown) if isinstance(value, Markup) else shown


#: Boards drawn at the most: every move's up to this many moves, then evenly spaced
#: moves' (and always the last), so that a long game's page stays small.
BOARDS = 1000


def game_report(game: Game, text: str, path: str) -> tuple[str, dict[str, Any]]:
    """The report page of one log, and the log's record.

    Every move is listed; past ``BOARDS`` moves, the board is drawn at evenly spaced
    moves and at the last (the page says so, and at a move not drawn it says which
    move's board it shows), and the score race at as many points as it can show."""
    lines = text.count("\n") + 1  # no more moves than that
    boards: charts.Sampled[str] = charts.Sampled(BOARDS, lines)
    drawn: dict[str, bool] = {}  # "svg": whether the game draws pictures
    steps: list[_Step] = []
    race = charts.Race(lines)

    def draw(state: Any) -> str:
        picture = game.render_svg(state) if drawn.get("svg", True) else None
        drawn["svg"] = bool(picture)
        return picture or game.render_position(state)

    def look(state: Any, title: str, events: list[str]) -> None:
        boards.add(len(steps), lambda: draw(state))
        scores = game.running_scores(state)
        race.add(scores)
        steps.append(_step(title, events, scores))

    def on_step(step: Step, state: Any) -> None:
        move = step.move.source or f"line {step.move.line}"
        events = [event.text for event in step.events]
        look(state, f"{step.number}. line {step.move.line}: {move}", events)

    result = replay(
        game,
        text,
        path,
        on_step=on_step,
        on_setup=lambda state: look(state, "before the first move", []),
    )
    rec = record(result)
    problem = _problem(result)
    kept = boards.kept
    if problem is not None and steps:
        # The refused line, with the position before it (the legal part of a move
        # written over several lines kept).
        title = f"line {problem['line']}: {problem['source']}"
        events = [f"refused: {problem['message']}"]
        if result.state is not None:
            look(result.state, title, events)
            kept = boards.final(len(steps) - 1, draw(result.state))
        else:
            steps.append(_Step(title, tuple(events), steps[-1].scores_text))
        steps[-1] = dataclasses.replace(steps[-1], bad=True)
    elif result.state is not None and steps:
        kept = boards.final(len(steps) - 1, draw(result.state))
    players = [p["name"] for p in sorted(rec["players"], key=lambda p: _order(result, p["name"]))]
    shown = [step for step, _ in kept]
    board = _board([board for _, board in kept], drawn.get("svg", False))
    kept = boards.kept = []  # each picture lives on in the merged one, once
    count, now = len(steps), steps[-1] if steps else _step("no position", [], {})
    moves_list = _move_list(steps)
    steps.clear()  # the page's list of moves holds them now
    context = {
        "version": __version__,
        "page_title": f"{game.title}: {path}",
        "title": f"{game.title}: {_players_line(rec)}",
        "path": path,
        "state_words": _state_words(rec),
        "moves_count": rec["moves"],
        "header": _header_text(game, result),
        "problem": problem,
        "now": now,
        "moves_list": moves_list,
        "last_step": max(0, count - 1),
        "boards_json": _json(shown),
        "board_note": _board_note(shown, count),
        "board": board,
        "race": race.svg(
            players,
            label="Score race: points after each move",
            colours=game.seat_colours(result.state) if result.state is not None else {},
        )
        if race
        else "",
        "record": rec,
        "number": render.number,
        "winners_line": render.winners_line(rec["winners"]) if rec["winners"] else "",
        "tiebreak_lines": render.figure_lines(rec) + render.tiebreak_lines(rec),
        **_sheet(result),
    }
    return _environment().get_template("report.html").render(**context), rec


def _board_note(shown: list[int], steps: int) -> str:
    """What the page says when it does not draw the board at every move."""
    if len(shown) >= steps or len(shown) < 2:
        return ""
    return (
        f"The board is drawn after every {shown[1] - shown[0]} moves and at the end "
        f"({len(shown):,} of {steps:,} positions); at a move in between it shows the last "
        "board drawn before it, and says which."
    )


def audit_report(records: Sequence[dict[str, Any]]) -> str:
    """The page of an audit: every file's record, sortable and filterable."""
    rows = []
    for rec in records:
        error = rec["error"]
        rows.append(
            {
                "file": rec["file"],
                "game": rec["game"] or "?",
                "status": rec["status"],
                "moves": rec["moves"],
                "result": render.result_cell(rec),
                "players": ", ".join(p["name"] for p in rec["players"]),
                "problem": render.problem_cell(rec),
                "source": _source_of(rec["file"], error["line"]) if error and error["line"] else "",
            }
        )
    context = {
        "version": __version__,
        "page_title": f"gamelog audit: {len(records)} files",
        "rows": rows,
        "totals": render.audit_totals(records),
        "games": sorted({row["game"] for row in rows}),
        "statuses": sorted({row["status"] for row in rows}),
    }
    return _environment().get_template("audit.html").render(**context)


# --- pieces -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Step:
    """One position of the page's stepping: the move that led to it, its events, the
    score after it; ``bad`` for the refused line. (Kept small: a page lists every
    move of a game of any length.)"""

    title: str
    events: tuple[str, ...]
    scores_text: str
    bad: bool = False


def _step(title: str, events: list[str], scores: Any) -> _Step:
    text = (
        "score: " + ", ".join(f"{p} {render.number(v)}" for p, v in dict(scores).items())
        if scores
        else "no scores yet"
    )
    return _Step(title, tuple(events), sys.intern(text))  # the same score, kept once


_BAD = ' class="bad"'


def _move_list(steps: list[_Step]) -> str:
    """The list of every move (HTML), each with its events and the score after it
    (``data-score``): shown without JavaScript, and all the page's script shows of a
    step (so it is not written twice); made here in one piece rather than by the
    template a tag at a time."""
    return "".join(
        f'<li data-step="{i}" id="step-{i}" data-score="{_escape(s.scores_text)}"'
        f'{_BAD if s.bad else ""}><span class="move">{_escape(s.title)}</span>'
        + (f'<span class="events">{_escape("; ".join(s.events))}</span>' if s.events else "")
        + "</li>\n"
        for i, s in enumerate(steps)
    )


def _json(value: Any) -> str:
    """JSON safe inside a script element (no ``</script>`` can end it early)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def _board(boards: list[str], pictures: bool) -> str:
    """The boards drawn (a picture or a text each), the last shown without JavaScript."""
    if pictures:
        return svg.frames(boards)
    last = len(boards) - 1
    return "".join(
        f'<pre class="board" data-step="{i}"{"" if i == last else " hidden"}>{_escape(board)}</pre>'
        for i, board in enumerate(boards)
    )


def _escape(text: str) -> str:
    return svg.escape(visible(text))


def _problem(result: Replay) -> dict[str, Any] | None:
    error = result.error
    if error is None:
        return None
    return {
        "line": error.line,
        "column": error.column or 1,
        "label": error.label,
        "message": error.message,
        "rule": error.rule,
        "facts": list(error.facts),
        "source": (source_line(result.text, error.line) or "").strip(),
    }


def _sheet(result: Replay) -> dict[str, Any]:
    sheet = sheet_of(result)
    if sheet is None:
        return {"sheet_players": [], "sheet_rows": [], "sheet_totals": []}
    rows = []
    for row in sheet.rows:
        cells = []
        for player in sheet.players:
            cell = render.number(row.points.get(player, 0))
            if player in row.notes:
                cell += f" ({row.notes[player]})"
            cells.append(cell)
        rows.append({"category": row.category, "cells": cells})
    totals = [render.number(sheet.total(player)) for player in sheet.players]
    return {"sheet_players": sheet.players, "sheet_rows": rows, "sheet_totals": totals}


def _order(result: Replay, name: str) -> int:
    players = result.log.players if result.log is not None else []
    return players.index(name) if name in players else len(players)


def _players_line(rec: dict[str, Any]) -> str:
    return ", ".join(p["name"] for p in rec["players"]) or "no players"


def _state_words(rec: dict[str, Any]) -> str:
    if rec["status"] != "ok":
        return f"{rec['status']}" + (" (the result stands)" if rec["finished"] else ", provisional")
    return "finished" if rec["finished"] else "unfinished, provisional"


def _header_text(game: Game, result: Replay) -> str:
    lines = result.text.split("\n")
    try:
        body = game.read_header(result.text).body_line
    except Exception:
        return ""
    return "\n".join(
        line for line in lines[: body - 1] if line.strip() and not line.startswith("#")
    )


def _source_of(path: str, line: int) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, text in enumerate(handle, start=1):
                if number == line:
                    return text.rstrip("\n")[:300]
    except OSError:
        pass
    return ""


def side_colours(game: str, names: Sequence[str]) -> dict[str, str]:
    """The colour the game ``game`` gives each of ``names`` by the name alone
    (``Game.side_colour``: a Terra Mystica faction's terrain), for the charts of a
    season, which see names, not positions; a name it gives none of is left out (the
    charts' palette)."""
    from gamelog import games as registry

    found = registry.find(game)
    if found is None:
        return {}
    given = {name: found.side_colour(name) for name in names}
    return {name: colour for name, colour in given.items() if colour}


def standings_report(result: Any) -> str:
    """The page of a season's standings: each table, the distribution of scores, the
    means by source where players are factions, and the files that did not count."""
    from gamelog import games as registry

    tables = []
    for table in result.tables:
        meta = registry.find_meta(table.game)
        title = meta.title if meta is not None else table.game
        split = "".join(f", {k} {v}" for k, v in table.setup.items())
        categories: list[str] = []
        for entrant in table.entrants:
            categories += [c for c in entrant.mean_by_source() if c not in categories]
        by_source = meta is not None and meta.factions
        tables.append(
            {
                "title": f"{title}{split}",
                "games": table.games,
                "by": table.by,
                "order": ", ".join(table.order),
                "entrants": table.entrants,
                "categories": categories if by_source else [],
                "chart": charts.distribution(
                    [(e.name, [g.total for g in e.played]) for e in table.entrants],
                    label=f"{title}{split}: scores of each {table.by}",
                    colours=side_colours(table.game, [e.name for e in table.entrants]),
                ),
            }
        )
    context = {
        "version": __version__,
        "page_title": "gamelog standings",
        "tables": tables,
        "apart": result.apart,
        "number": lambda value: render.number(round(value, 2)),
    }
    return _environment().get_template("standings.html").render(**context)


def ratings_report(results: Sequence[Any]) -> str:
    """The page of a season's ratings: per game the players' and factions' ratings,
    each charted player's rating after every game (the method rerun over the games up
    to it), the biggest gains and upsets, and the files left out."""
    import math

    from gamelog import games as registry
    from gamelog.core.ratings import history

    sections = []
    for result in results:
        if result.game is None:
            sections.append({"title": "No game", "result": result, "chart": "", "history": None})
            continue
        meta = registry.find_meta(result.game)
        title = meta.title if meta is not None else result.game
        kept = history(result) if result.games else None
        chart = ""
        if kept is not None and kept.players:
            values = [v for row in kept.ratings for v in row.values()]
            floor = math.floor(min(values) / 50) * 50 if values else 0
            step = "game" if kept.every == 1 else f"checkpoint (every {kept.every} games)"
            chart = charts.race(
                kept.players,
                kept.ratings,
                label=f"{title}: rating after each {step}",
                step_name=step,
                unit="rating",
                floor=floor,
                colours=side_colours(result.game, kept.players),
            )
        sections.append({"title": title, "result": result, "chart": chart, "history": kept})
    context = {
        "version": __version__,
        "page_title": "gamelog ratings",
        "sections": sections,
        "rating": lambda value: f"{value:.1f}",
        "percent": lambda value: f"{100 * value:.0f}%",
    }
    return _environment().get_template("ratings.html").render(**context)
