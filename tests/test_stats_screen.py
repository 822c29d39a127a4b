"""«Статистика» with real events: opened from the menu by a click, its figures, scrolling, the reset with its
confirmation (and without it), back to the menu; a broken file is noted, never fatal."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest
from test_stats import put
from ui_driver import Driver as BaseDriver

from game.services.stats.cache import CACHE_NAME
from game.services.stats.scan import OLD_DIR, RESET_NAME
from game.services.worker import Worker, shared
from ui import i18n
from ui.fonts import font
from ui.i18n import tr
from ui.scenes.menu import MenuScene
from ui.scenes.stats import StatsScene, drill_title, figures, game_labels, skill_words, streak_words


class Driver(BaseDriver):
    settle_frames = 3

    def __init__(self, data_dir: Path, size: tuple[int, int] = (1280, 800), thinker: Worker | None = None) -> None:
        super().__init__(data_dir, thinker, size=size)

    @property
    def screen(self) -> StatsScene:
        assert isinstance(self.app.scene, StatsScene), type(self.app.scene)
        return self.app.scene

    def open_stats(self) -> StatsScene:
        assert isinstance(self.app.scene, MenuScene)
        self.click(self.app.scene.button_rect("stats").center)
        scene = self.screen
        scene.wait()
        self.frames(2)
        return scene


def games(data_dir: Path) -> None:
    put(data_dir, "moscow-bait", seat=1, level="hard", date="2026-11-01T10:00:00")  # won, a bait inflicted
    put(data_dir, "moscow-bait", seat=0, level="easy", date="2026-11-02T10:00:00")  # lost, baited
    put(data_dir, "book-belle", seat=0, level="medium", date="2026-11-03T10:00:00")  # won
    put(data_dir, "moscow-rost-trump", seat=0, level="medium", date="2026-11-04T10:00:00")  # won


def test_open_from_the_menu_and_back(tmp_path: Path) -> None:
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    s = scene.stats
    assert s is not None and (s.total.games, s.total.wins) == (4, 3)
    assert s.streak == 2 and streak_words(s.streak) == "2 победы подряд"
    assert streak_words(-1) == "1 поражение" and streak_words(-3) == "3 поражения подряд"
    words = {f.label: f.value for f in figures(s)}
    assert words[tr("stats.baits_inflicted")] == "1"
    assert words[tr("stats.bids")] == tr("stats.bids_value", bids=3, made=2, baited=1, hung=0)
    assert "1 из 1" in (words[tr("level_hard")] or "")
    assert (tmp_path / CACHE_NAME).exists()  # the next opening reads the cache
    d.click(scene.button_rect("back").center)
    assert isinstance(d.app.scene, MenuScene)
    d.open_stats()
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)


def test_reset_asks_first_and_keeps_the_games(tmp_path: Path) -> None:
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    d.click(scene.button_rect("reset").center)
    assert scene.confirm is not None
    d.click(scene.confirm.cancel_button.get_abs_rect().center)  # changed one's mind: nothing happens
    assert not (tmp_path / RESET_NAME).exists()
    assert scene.stats is not None and scene.stats.total.games == 4
    d.click(scene.button_rect("reset").center)
    assert scene.confirm is not None
    d.click(scene.confirm.confirm_button.get_abs_rect().center)
    scene.wait()
    d.frames(2)
    assert scene.stats is not None and scene.stats.total.games == 0 and scene.stats.since
    assert len(list((tmp_path / "games").glob("*.json"))) == 4  # never deletes a game
    assert list((tmp_path / OLD_DIR).glob("stats-cache-*.json"))  # the old statistics moved aside
    # a game finished after the reset counts
    put(tmp_path, "book-belle", seat=0, level="hard", date="2099-01-01T10:00:00", name="later")
    d.click(scene.button_rect("back").center)
    scene = d.open_stats()
    assert scene.stats is not None and scene.stats.total.games == 1


def test_scrolling_and_a_broken_file(tmp_path: Path) -> None:
    games(tmp_path)
    (tmp_path / "games" / "broken.json").write_text('{"format": "deberts-record"', "utf-8")
    d = Driver(tmp_path, size=(1024, 640))
    scene = d.open_stats()
    assert scene.stats is not None and [f for f, _ in scene.stats.skipped] == ["broken.json"]
    assert scene.max_scroll() > 0  # at 1024×640 the figures do not all fit: the panel scrolls
    d.move(scene.list_rect.center)
    d.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    d.frames(2)
    assert scene.scroll == min(6, scene.max_scroll())
    d.key(pygame.K_PAGEUP)
    assert scene.scroll == 0


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_draws_in_both_languages_and_sizes(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    games(tmp_path)
    d = Driver(tmp_path, size=size)
    i18n.set_language(lang)
    try:
        scene = d.open_stats()
        assert d.app.screen.get_size() == size
        # every line of the figures fits its column
        label_w, value_w = scene.columns()
        from ui.fonts import font

        for f, labels, values in scene.laid_out():
            assert all(font(scene.text_size()).size(v)[0] <= value_w for v in values), f
            assert f.value is None or all(font(scene.text_size()).size(t)[0] <= label_w - 20 for t in labels), f
        assert tr("stats.title") in ("Статистика", "Statistics")
    finally:
        i18n.set_language("ru")


def test_game_labels_never_crowd() -> None:
    assert game_labels(3) == ["1", "2", "3"]
    assert game_labels(40)[:5] == ["1", "", "", "", "5"] and game_labels(40)[-1] == "40"
    labels = game_labels(500)
    assert sum(1 for t in labels if t) <= 11 and labels[99] == "100"


def test_the_games_without_analysis_are_analysed_in_the_background(tmp_path: Path) -> None:
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    assert scene.stats is not None and scene.stats.skill.games == 0
    assert len(scene.unanalysed()) == 4
    d.click(scene.button_rect("analyse").center)
    assert scene.analysing is not None  # the click returned at once: the analysis runs in its thread
    scene.wait_analysis()
    d.frames(2)  # the screen counts again, reading the new analyses
    scene.wait()
    d.frames(2)
    assert scene.stats is not None and scene.stats.skill.games == 4 and scene.stats.skill.deals == 4
    assert len(list((tmp_path / "cache" / "analysis").glob("*.json"))) == 4
    assert scene.unanalysed() == [] and not scene.button("analyse").is_enabled
    assert scene.analysing is None


def test_leaving_stops_the_analysis(tmp_path: Path) -> None:
    """Leaving the screen cancels the worker's request: the ticket is dropped (nothing waits for it), the worker
    skips or stops it, and no further game is posted."""
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    d.click(scene.button_rect("analyse").center)
    job = scene.job
    assert job is not None and scene.analysing is not None and scene.analysing[1] == 4
    d.key(pygame.K_ESCAPE)  # back to the menu: the request is cancelled
    assert isinstance(d.app.scene, MenuScene)
    assert scene.job is None and scene.analysing is None and scene._queue == []
    assert job.worker is not None and job.tid not in job.worker._pending
    d.frames(5)
    assert scene.job is None  # nothing more was posted


def test_practice_drills_are_shown_by_situation(tmp_path: Path) -> None:
    games(tmp_path)
    answers = [{"step": 0, "action": "pishet", "correct": True, "penalties": []}]
    put(tmp_path, "book-belle", seat=0, name="drill", practice={"situation": "belle", "answers": answers})
    d = Driver(tmp_path)
    scene = d.open_stats()
    assert scene.stats is not None
    words = {f.label: f.value for f in figures(scene.stats)}
    assert tr("practice") in words and words[tr("practice")] is None  # the heading
    assert words[drill_title("belle")] == tr(
        "stats.practice_value", right=1, total=1, rate=100, recent_right=1, recent_total=1
    )
    assert drill_title("belle") != "belle"  # the situation's title in words


def test_a_reset_that_fails_is_told_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()

    def refuse(data_dir: Path, now: str | None = None) -> Path | None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("ui.scenes.stats.reset", refuse)
    d.click(scene.button_rect("reset").center)
    assert scene.confirm is not None
    d.click(scene.confirm.confirm_button.get_abs_rect().center)
    assert scene.box is not None and scene.box.alive
    assert scene.stats is not None and scene.stats.total.games == 4  # counted as before
    assert not (tmp_path / RESET_NAME).exists()


def test_the_best_game_opens_in_the_replay_viewer_and_comes_back(tmp_path: Path) -> None:
    from ui.scenes.replay import ReplayScene

    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    assert scene.stats is not None and scene.stats.best_game is not None
    best = scene.stats.best_game.file
    rect = next(r for r, f in scene.links if f == best)
    d.click(rect.center)
    viewer = d.app.scene
    assert isinstance(viewer, ReplayScene) and viewer.path == tmp_path / "games" / best
    d.click(viewer.button_rect("back").center)
    assert d.app.scene is scene
    scene.wait()
    d.frames(2)
    assert scene.stats is not None and scene.stats.total.games == 4


def test_the_rating_chart_shows_its_uncertainty_as_a_band(tmp_path: Path) -> None:
    from ui.scenes.stats import BAND

    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    d.frames(2)
    chart = scene.charts[0]
    surface = d.app.screen
    band = sum(
        1
        for x in range(chart.x, chart.right, 3)
        for y in range(chart.y, chart.bottom, 3)
        if tuple(surface.get_at((x, y)))[:3] == BAND
    )
    assert band > 200  # four games: the band is still wide


def test_a_game_played_through_the_controller_is_counted(tmp_path: Path) -> None:
    """The controller's own records (``meta.human_seat``, ``meta.bot_level``, the finish time) are what the
    statistics read: a single-deal game, the human (seat 1) answering with the first legal action, the random
    bot in the other seat."""
    from game.services.stats.figures import compute
    from ui.controller import GameController, GameOptions
    from ui.paths import Paths

    options = GameOptions(preset="one_strike", target=0, bot_level="random", seed=11)
    ctl = GameController.new_game(Paths.resolve(tmp_path), options, human_seats=(1,), inline_bots=True)
    while ctl.match.over is None:
        deal = ctl.match.current
        if deal is None:
            ctl.start_deal()
        elif ctl.human_to_act():
            ctl.submit(deal.legal_actions()[0])
        else:
            ctl.poll(False)
    assert ctl.finished_path is not None
    s = compute(tmp_path)
    (line,) = s.lines
    assert line.level == "random" and line.preset == "one_strike" and line.date
    assert line.won == (ctl.match.over.winner == 1)
    assert (line.mine, line.theirs) == (ctl.match.scores[1], ctl.match.scores[0])
    assert s.rating.games == 1 and list(s.by_level) == ["random"]
    ctl.close()


@pytest.mark.process
def test_the_analysis_runs_in_the_worker_with_progress_then_the_points_lost(tmp_path: Path) -> None:
    """«Разобрать партии»: the screen posts one game at a time to the worker process and takes the answers in as
    the frames go (the UI process runs no search); meanwhile it says how far it got, at the end the figures."""
    games(tmp_path)
    d = Driver(tmp_path, thinker=shared())
    scene = d.open_stats()
    d.click(scene.button_rect("analyse").center)
    assert scene.job is not None and scene.job.worker is shared() and scene.job.name == "analyse"
    assert scene.job.args[1] is False  # exact values only (then the cache folder: tmp_path / "cache")
    assert scene.button("analyse").text == tr("stats.analyse_stop")
    seen: set[tuple[int, int]] = set()
    for _ in range(20_000):  # frames until the worker has answered every game (bounded, not timed)
        if scene.analysing is None:
            break
        seen.add(scene.analysing)
        assert scene.stats is not None
        said = scene.skill_sentences(scene.stats)[0]
        assert said.startswith(tr("stats.analysing", done=scene.analysing[0], total=4))
        pct = scene.analysis_percent()  # of the whole: the games done and the current one's share
        assert pct is None or 25 * scene.analysing[0] <= pct <= 25 * (scene.analysing[0] + 1)
        shared().idle(0.01)
        d.frames(1)
    assert scene.analysing is None and seen  # the progress was shown while the worker answered
    scene.wait()
    d.frames(2)
    s = scene.stats
    assert s is not None and s.skill.games == 4 and s.skill.deals == 4
    assert scene.skill_sentences(s)[0] == skill_words(s)[0] != tr("stats.skill_none")
    assert len(list((tmp_path / "cache" / "analysis").glob("*.json"))) == 4
    assert scene.unanalysed() == [] and not scene.button("analyse").is_enabled
    assert scene.button("analyse").text == tr("stats.analyse", n=0)  # no longer «Остановить разбор»


@pytest.mark.process
def test_stopping_the_analysis_by_its_button_keeps_what_was_done(tmp_path: Path) -> None:
    """In the worker process: stopped while the worker analyses a game, the screen counts again only once the
    worker has let go of it (it may have cached it just before the cancel reached it), so the figures are those
    on the disk, exactly."""
    games(tmp_path)
    d = Driver(tmp_path, thinker=shared())
    scene = d.open_stats()
    d.click(scene.button_rect("analyse").center)
    first = scene.job
    assert first is not None
    first.wait(120)  # the first game answered; the frame takes it in and posts the second
    d.frames(1)
    # one game in at least (a busy frame may take in the second too, the worker being quick), and more to come
    assert scene.analysing is not None and 1 <= scene.analysing[0] < 4 and scene.analysing[1] == 4
    assert scene.job is not None and scene.job is not first
    d.click(scene.button_rect("analyse").center)  # «Остановить разбор» (a frame or two may take in one more)
    assert scene.job is None and scene.analysing is None
    scene.wait_analysis()  # the worker lets go of the stopped game; the next frame counts again
    d.frames(1)
    scene.wait()
    d.frames(2)
    s = scene.stats
    assert s is not None and 1 <= s.skill.games < 4  # counted again: the games analysed count, the rest wait
    # the one the worker was finishing when stopped is counted too if it was cached: the figures are the disk's
    caches = len(list((tmp_path / "cache" / "analysis").glob("*.json")))
    assert caches - s.skill.games in (0, 1)
    from game.services.stats.figures import compute

    assert compute(tmp_path).skill.games == caches == s.skill.games < 4  # what was done is kept; the rest wait
    left = len(scene.unanalysed())
    assert left == 4 - s.skill.games and scene.button("analyse").text == tr("stats.analyse", n=left)


def test_two_and_three_player_games_switch_by_click(tmp_path: Path) -> None:
    """A data folder with both: the screen opens on the newest game's player count (three), «Двое» / «Трое»
    switch the figures, the tiles and the first chart (the rating for two; the points per deal for three)."""
    from test_stats import two_and_three

    from ui.scenes.stats import BAND

    two_and_three(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    assert scene.players == 3 and scene.button("players3").is_selected
    shown = scene.shown()
    assert shown is not None and shown.players == 3 and shown.total.games == 3
    words = {f.label: f.value for f in figures(shown, scene.stats)}
    assert words[tr("stats.baits_inflicted3")] == "2" and tr("stats.baits_inflicted") not in words
    assert words[tr("stats.rating")] == tr("stats.rating_two_only") and tr("stats.rating_bots") not in words
    assert (words[tr("stats.best_game")] or "").startswith("308 : 237 : 212")
    assert str(words[tr("level_medium")]).startswith("1 из 2") and str(words[tr("level_hard")]).startswith("0 из 1")

    def band_pixels() -> int:
        chart, surface = scene.charts[0], d.app.screen
        return sum(
            1
            for x in range(chart.x, chart.right, 3)
            for y in range(chart.y, chart.bottom, 3)
            if tuple(surface.get_at((x, y)))[:3] == BAND
        )

    d.frames(2)
    assert band_pixels() == 0  # three players: no rating, so no band
    d.click(scene.button_rect("players2").center)
    assert scene.players == 2 and scene.button("players2").is_selected
    shown = scene.shown()
    assert shown is not None and shown.players == 2 and (shown.total.games, shown.total.wins) == (2, 1)
    words = {f.label: f.value for f in figures(shown, scene.stats)}
    assert words[tr("stats.baits_inflicted")] == "1" and tr("stats.rating_bots") in words
    assert len(scene.unanalysed()) == 2  # the analysis button follows the games shown
    d.frames(2)
    assert band_pixels() > 100
    d.click(scene.button_rect("players3").center)
    assert scene.players == 3 and len(scene.unanalysed()) == 3


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_three_player_figures_fit(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    from test_stats import two_and_three

    from ui.fonts import font

    two_and_three(tmp_path)
    d = Driver(tmp_path, size=size)
    i18n.set_language(lang)
    try:
        scene = d.open_stats()
        assert scene.players == 3
        label_w, value_w = scene.columns()
        for f, labels, values in scene.laid_out():
            assert all(font(scene.text_size()).size(v)[0] <= value_w for v in values), f
            assert f.value is None or all(font(scene.text_size()).size(t)[0] <= label_w - 20 for t in labels), f
        for key in ("players2", "players3"):
            b = scene.button(key)
            assert font(14).size(b.text)[0] < b.rect.w - 10
    finally:
        i18n.set_language("ru")


def two_and_one_three(data_dir: Path) -> None:
    """``two_and_three`` with one three-player game (the newest, seat 2) of the three: the same screen, a third of
    the analysis (the analysis itself is proved in test_analysis_three)."""
    from test_stats import two_and_three

    two_and_three(data_dir)
    for seat in (0, 1):
        (data_dir / "games" / f"three-{seat}.json").unlink()


def test_the_three_player_games_analysis_ends_either_way(tmp_path: Path) -> None:
    """«Трое»: the shown games are posted to the worker; each is analysed, or — while the analysis reads only
    two-player records — refused and not offered again; either way the analysis ends and the button says so."""
    two_and_one_three(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    assert scene.players == 3 and len(scene.unanalysed()) == 1
    d.click(scene.button_rect("analyse").center)  # a refusal comes back at once: no state to catch in between
    scene.wait_analysis()
    d.frames(2)
    scene.wait()
    d.frames(2)
    assert scene.analysing is None and scene.job is None and scene.unanalysed() == []
    assert scene.button("analyse").text == tr("stats.analyse", n=0) and not scene.button("analyse").is_enabled
    s = scene.shown()
    assert s is not None and s.players == 3 and s.skill.games + len(scene._failed) == 1
    d.click(scene.button_rect("players2").center)  # the two-player games were never posted
    assert len(scene.unanalysed()) == 2


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_streak_tile_says_any_run_whole(tmp_path: Path, lang: str) -> None:
    """«Серия сейчас» once read «последняя партия вы…» at 1024×640: the tile cut its words. Every run, won or
    lost, one game or many, fits the tile at the smaller of its two sizes."""
    d = Driver(tmp_path, size=(1024, 640))
    scene = d.open_stats()
    i18n.set_language(lang)
    try:
        w, _ = scene.size
        tw = int((w - 60 - 3 * 12) * 0.32)  # the streak tile's share of the row (draw_tiles)
        size = max(16, scene.px(30) * 2 // 3)
        for n in (1, -1, 2, -2, 5, -5, 21, -21):
            assert font(size, True).size(streak_words(n))[0] <= tw - 24, (lang, n, streak_words(n))
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_tiles_big_figure_keeps_clear_of_its_note(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    """The tiles' big figure stood low: the descenders of «1 поражение» and the comma of «54,6» ran into the note
    under them («Лучшая серия: …», «Рейтинг: только для игры вдвоём»). Each tile's three lines — the label, the
    figure, the note — are drawn one under the other with a blank pixel row at least between their inks."""
    from test_stats import two_and_three

    import ui.scenes.stats as stats_module
    from ui.fonts import draw_text, render

    two_and_three(tmp_path)
    d = Driver(tmp_path, size=size)
    i18n.set_language(lang)
    drawn: list[pygame.Rect] = []
    real = draw_text  # what the stats scene draws with (it imports the name)

    def record(
        surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, *a: object, **kw: object
    ) -> pygame.Rect:
        rect = real(surface, text, pos, size, *a, **kw)  # type: ignore[arg-type]
        ink = render(text, size, (0, 0, 0), bool(kw.get("bold", False))).get_bounding_rect()
        drawn.append(ink.move(rect.topleft))
        return rect

    try:
        scene = d.open_stats()
        for players in (2, 3):
            d.click(scene.button_rect(f"players{players}").center)
            scene.wait()
            shown = scene.shown()
            assert shown is not None
            drawn.clear()
            setattr(stats_module, "draw_text", record)  # noqa: B010  # patched where it is looked up
            try:
                scene.draw_tiles(pygame.Surface(size), shown)
            finally:
                setattr(stats_module, "draw_text", real)  # noqa: B010
            assert len(drawn) == 12, drawn  # four tiles, each with its label, figure and note
            for label, figure, note in zip(drawn[::3], drawn[1::3], drawn[2::3], strict=True):
                assert label.bottom < figure.top and figure.bottom < note.top, (players, label, figure, note)
    finally:
        i18n.set_language("ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_empty_screens_tiles_say_their_notes_whole_at_the_smallest_window(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's report: before any game the rating tile said «ещё нет партий с ботом известн…». No tile's note
    is cut at 1024×640 (two players, no games)."""
    from ui.scenes import stats
    from ui.scenes.replay.browser import shorten_to as shorten

    cut: list[str] = []

    def watch(text: str, size: int, width: int, bold: bool = False) -> str:
        out = shorten(text, size, width, bold)
        if out != text:
            cut.append(text)
        return out

    monkeypatch.setattr(stats, "shorten_to", watch)
    i18n.set_language(lang)
    try:
        d = Driver(tmp_path, size=(1024, 640))
        d.open_stats()
        d.frames(2)
    finally:
        i18n.set_language("ru")
    assert cut == []


def test_a_three_player_games_line_names_both_opponents() -> None:
    """A player's report: the best game for three read «… · средний» (one), while the replays said «средние». Two
    of a kind are named in the plural, two different ones from the left; a game for two keeps its one."""
    import dataclasses

    from game.services.stats.facts import GameLine
    from ui.scenes.stats import opponents_words

    two = GameLine("f", "k", "2026-11-01T10:00:00", "moscow", 501, "medium", True, 300, 200, 5, 3)
    assert opponents_words(two) == "средний"
    three = dataclasses.replace(two, opponents=["medium", "medium"])
    assert opponents_words(three) == "средние"
    assert opponents_words(dataclasses.replace(two, opponents=["easy", "bold"])) == "лёгкий, Жора\u00a0Лихой"
    # a name stays on one line of the panel: «… · Жора» / «Лихой, Тётя Валя» was a player's report
    from ui.fonts import wrap

    line = "330 : 149 : 112 · 07.12.26 · " + opponents_words(dataclasses.replace(two, opponents=["bold", "simple"]))
    pygame.font.init()
    for width in range(420, 150, -4):
        lines = wrap(line, 15, width)
        assert not any(x.endswith(("Жора", "Тётя")) for x in lines), lines


def test_the_best_and_the_worst_game_of_one_day_are_told_apart_by_the_hour() -> None:
    """Both showed only «06.12.26»; on one day each adds its hour, on different days the date is enough."""
    import dataclasses

    from game.services.stats.facts import GameLine
    from game.services.stats.figures import Stats

    best = GameLine("a", "k", "2026-12-06T10:05:00", "moscow", 501, "medium", True, 510, 200, 5, 3)
    worst = dataclasses.replace(best, file="b", date="2026-12-06T14:40:00", won=False, mine=300, theirs=505)
    said = {f.label: f.value for f in figures(Stats(best_game=best, worst_game=worst))}
    assert "06.12.26 10:05" in (said[i18n.tr("stats.best_game")] or "")
    assert "06.12.26 14:40" in (said[i18n.tr("stats.worst_game")] or "")
    other_day = dataclasses.replace(worst, date="2026-12-05T14:40:00")
    said = {f.label: f.value for f in figures(Stats(best_game=best, worst_game=other_day))}
    assert "10:05" not in (said[i18n.tr("stats.best_game")] or "")


def test_the_bands_end_stands_inside_the_chart(tmp_path: Path) -> None:
    """After a few games the band (± two deviations, ±379 after three) was wider than the line's scale and
    filled the whole chart: it said nothing. The scale holds the rating now with its band, so at the last game
    the band has paper above and below it."""
    from ui.scenes.stats import BAND, plot_rect

    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    d.frames(2)
    inner = scene.charts[0].inflate(-28, -20)  # the paper's room under its title (StatsScene.paper)
    room = pygame.Rect(inner.x, inner.y + scene.px(24), inner.w, inner.h - scene.px(24))
    plot = plot_rect(room, scene.px(13 if room.h < 200 else 14))
    surface = d.app.screen
    x = max(px for px in range(plot.x, plot.right) if tuple(surface.get_at((px, plot.centery)))[:3] == BAND) - 1
    column = [tuple(surface.get_at((x, y)))[:3] == BAND for y in range(plot.top + 2, plot.bottom - 2)]
    assert any(column) and not column[0] and not column[-1], x


def test_while_analysing_it_does_not_ask_to_start_the_analysis(tmp_path: Path) -> None:
    """A player's pass: during «Разобрать партии» the panel read «Разбираю партии: 3 из 9 · 33 %» and right under
    it «Пока нет разобранных партий: нажмите «Разобрать партии» внизу»; the button «Остановить разбор» still had
    the start's tooltip."""
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    assert scene.stats is not None
    assert tr("stats.skill_none") in scene.skill_sentences(scene.stats)
    scene.analysing = (3, 9)
    said = scene.skill_sentences(scene.stats)
    assert said[0].startswith("Разбираю партии: 3 из 9") and tr("stats.skill_none") not in said
    scene.build()
    assert scene.button("analyse").tool_tip_text == tr("stats.analyse_stop_tip")


def test_a_figures_label_explains_itself_when_the_pointer_rests_on_it(tmp_path: Path) -> None:
    """A player's pass: «Объявили, но не засчитано 1 из 13» — of what? Every figure's label has an explanation,
    shown like a tooltip once the pointer rests on it (and not before), beside the label, not over it."""
    from ui.dialogs import TIP_DELAY
    from ui.scenes.stats import FIGURE_TIPS

    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    d.frames(2)
    assert len(scene.tips) >= len(FIGURE_TIPS) - 3  # (unfinished games and the bots' ratings may be absent)
    rect, tip = next((r, t) for r, t in scene.tips if t == tr("stats.tip.announced_lost"))
    assert "не засчитали" in tip
    d.move(rect.center)
    d.frames(1)
    assert scene.tip_hit() is not None and scene.tip_shown() is None and scene.animating()  # not at once
    scene.rest_since -= TIP_DELAY + 0.1  # as if the pointer had rested
    d.frames(1)
    assert scene.tip_shown() == tip and scene.tip_box is not None and not scene.tip_box.colliderect(rect)
    d.move((5, 5))
    d.frames(1)
    assert scene.tip_shown() is None and scene.tip_box is None


def test_after_a_cancelled_reset_esc_still_leaves_and_the_question_takes_its_keys(tmp_path: Path) -> None:
    """«Отмена» closed the reset's question without a word to the screen: Esc no longer left it and the figures'
    explanations never came again. Esc now leaves; while the question is up, Esc withdraws it and Enter confirms."""
    games(tmp_path)
    d = Driver(tmp_path)
    scene = d.open_stats()
    d.click(scene.button_rect("reset").center)
    assert scene.confirm is not None
    d.click(scene.confirm.cancel_button.get_abs_rect().center)
    assert not scene.asking()
    d.click(scene.button_rect("reset").center)
    d.key(pygame.K_ESCAPE)  # withdraws the question, stays here
    assert not scene.asking() and d.app.scene is scene and not (tmp_path / RESET_NAME).exists()
    d.click(scene.button_rect("reset").center)
    d.key(pygame.K_RETURN)  # confirms
    scene.wait()
    d.frames(2)
    assert (tmp_path / RESET_NAME).exists() and scene.stats is not None and scene.stats.total.games == 0
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.app.scene, MenuScene)
