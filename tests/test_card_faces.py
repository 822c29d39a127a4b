"""Card faces follow the settings: the letters (Т К Д В / A K Q J) and the suit colours (two, four, skat).

The images are the committed renderings of assets/render_cards.py; these tests check that each combination of
the settings picks its own face set, that the sets differ exactly where the index and the suit colour are, and
that changing the settings through the settings screen with real events changes the cards on the table.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import importlib.util
import itertools
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pygame
import pygame_gui
import pytest
from ui_driver import Driver, option_pairs

from game.cards import CODE_OF, Card
from ui import fonts
from ui.face_sets import fallback_chain, folder_name
from ui.scenes.menu import MenuScene
from ui.scenes.settings import SettingsScene
from ui.scenes.table import TableScene
from ui.settings import DECKS, load_settings
from ui.widgets.cards import CARDS_ROOT, LETTERS, SOURCE_HEIGHTS, CardImages, palette

ROOT = Path(__file__).resolve().parent.parent
COMBINATIONS = list(itertools.product(DECKS, LETTERS, (False, True)))
SET_OF = {(deck, letters, four): (letters, palette(deck, four)) for deck, letters, four in COMBINATIONS}


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> object:
    pygame.display.init()
    yield
    fonts.set_suit_colours(False)


def render_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("render_cards", ROOT / "assets" / "render_cards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["render_cards"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def corner(img: pygame.Surface) -> bytes:
    """The top-left index (letter and small suit symbol) of a card image, as raw pixels."""
    w, h = img.get_size()
    return pygame.image.tobytes(img.subsurface(pygame.Rect(0, 0, w * 18 // 100, h * 26 // 100)), "RGBA")


def count(img: pygame.Surface, kind: str) -> int:
    """Opaque pixels of one suit colour: red, blue, green or yellow (black and white count as none)."""
    n = 0
    w, h = img.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            r, g, b, a = img.get_at((x, y))
            if a < 200:
                continue
            n += {
                "red": r > 180 and g < 110 and b < 90,
                "blue": b > 150 and r < 90 and g < 140,
                "green": g > 110 and r < 90 and b < 110,
                "yellow": r > 190 and 150 < g < 200 and b < 100,
            }[kind]
    return n


def test_the_loader_and_the_render_script_share_one_fallback_rule() -> None:
    script = render_script()
    assert script.fallback_chain is fallback_chain  # one rule (ui.face_sets), imported by both
    assert sorted(script.face_sets()) == sorted(itertools.product(LETTERS, ("two", "four", "skat")))
    # the script renders every set after the sets its chain falls back to
    order = [folder_name(*s) for s in script.face_sets()]
    for letters, colours in script.face_sets():
        own, *rest = fallback_chain(letters, colours)
        assert all(order.index(f) < order.index(own) for f in rest)


def test_every_face_set_is_complete() -> None:
    codes = [*(CODE_OF[card] for card in Card), "back"]
    for letters, colours in set(SET_OF.values()):
        images = CardImages()
        images.letters, images.palette = letters, colours
        for h, code in itertools.product(SOURCE_HEIGHTS, codes):
            assert images.path_of(code, h).exists(), (letters, colours, h, code)
        assert images.folders[0].name == fallback_chain(letters, colours)[0]


def test_each_combination_of_the_settings_picks_its_own_faces() -> None:
    """Q♦ shows both the letter and the colour: its index differs between every two face sets."""
    corners: dict[tuple[str, str], bytes] = {}
    for (deck, letters, four), face_set in SET_OF.items():
        images = CardImages(deck, letters, four)
        assert (images.letters, images.palette) == face_set
        img = images.get(Card.DQ, 180)
        assert Path(images.loaded_from[("QD", 180)]).parent.parent.name == fallback_chain(*face_set)[0]
        corners.setdefault(face_set, corner(img))
        assert corners[face_set] == corner(img)  # two decks, two colours: the same faces
    assert len(corners) == 6
    assert len(set(corners.values())) == 6


def test_the_letters_change_only_the_letter_ranks() -> None:
    ru, latin = CardImages(letters="ru"), CardImages(letters="latin")
    for card in (Card.SJ, Card.HQ, Card.CA):
        assert corner(ru.get(card, 270)) != corner(latin.get(card, 270))
    for card in (Card.S7, Card.HT, Card.DK):  # digits, and К is K
        assert corner(ru.get(card, 270)) == corner(latin.get(card, 270))
    assert "/png-latin/" in latin.loaded_from[("JS", 270)]
    assert latin.loaded_from[("7S", 270)].endswith("/png/270/7S.png")


def test_the_four_colours_are_on_the_pips_and_indices() -> None:
    two = CardImages()
    four = CardImages("atlasnye", "ru", True)
    skat = CardImages("skat", "ru", True)
    nine_d, ten_c, seven_s, eight_h = Card.D9, Card.CT, Card.S7, Card.H8
    assert count(two.get(nine_d, 180), "red") > 300 and count(two.get(nine_d, 180), "blue") == 0
    assert count(four.get(nine_d, 180), "blue") > 300 and count(four.get(nine_d, 180), "red") == 0
    assert count(skat.get(nine_d, 180), "yellow") > 300 and count(skat.get(nine_d, 180), "red") == 0
    assert count(two.get(ten_c, 180), "green") == 0 < count(four.get(ten_c, 180), "green")
    assert count(skat.get(seven_s, 180), "green") > 200 and count(four.get(seven_s, 180), "green") == 0
    # hearts keep their red everywhere
    assert all(count(s.get(eight_h, 180), "red") > 300 for s in (two, four, skat))
    # the decorative ace of diamonds is recoloured as a whole
    assert count(four.get(Card.DA, 270), "red") == 0 < count(four.get(Card.DA, 270), "blue")


def test_set_faces_drops_the_old_images_and_the_text_follows() -> None:
    images = CardImages()
    before = images.get(Card.DQ, 150)
    images.set_faces("atlasnye", "latin", True)
    after = images.get(Card.DQ, 150)
    assert after is not before and corner(after) != corner(before)
    assert images.get(Card.DQ, 150) is after  # cached again
    fonts.set_suit_colours(True, "atlasnye")
    blue = fonts.suit_colour("♦", (40, 36, 30))
    fonts.set_suit_colours(True, "skat")
    assert fonts.suit_colour("♦", (40, 36, 30)) != blue
    fonts.set_suit_colours(False)
    assert fonts.suit_colour("♦", (40, 36, 30)) == (40, 36, 30)


# ---------------------------------------------------------------------- through the settings screen


def choose(d: Driver, scene: SettingsScene, key: str, value: str) -> None:
    """Open a settings drop-down by clicking it and click the option whose value is ``value``."""
    menu = scene.fields[key]
    d.click(menu.get_abs_rect().center)
    state = menu.current_state
    assert isinstance(state, pygame_gui.elements.ui_drop_down_menu.UIExpandedDropDownState)
    assert state.options_selection_list is not None
    for item in state.options_selection_list.item_list:
        if item["object_id"] == value or item["text"] == value or _value_of(menu, item["text"]) == value:
            button = item["button_element"]
            assert button is not None
            d.click(button.get_abs_rect().center)
            d.frames(3)  # the list's selection event reaches the drop-down on a later frame
            break
    else:
        raise AssertionError(f"no option {value!r} in {key}")
    assert str(menu.selected_option[1]) == value


def _value_of(menu: pygame_gui.elements.UIDropDownMenu, text: str) -> str | None:
    return next((str(v) for t, v in option_pairs(menu) if t == text), None)


def table_hand(d: Driver) -> tuple[bytes, dict[Card, str]]:
    """What the screen shows of the human's hand, and the face-set folder each of its cards came from."""
    table = d.app.scene
    assert isinstance(table, TableScene)
    d.frames(3)
    rects = [table.hand.lifted_rect(c) for c in table.hand.cards]
    area = rects[0].unionall(rects[1:]).clip(d.app.screen.get_rect())
    pixels = pygame.image.tobytes(d.app.screen.subsurface(area), "RGB")
    src_h = next(s for s in SOURCE_HEIGHTS if s >= table.hand.card_h)
    folders = {c: d.app.images.path_of(CODE_OF[c], src_h).parent.parent.name for c in table.hand.cards}
    return pixels, folders


def test_the_settings_screen_changes_the_faces_on_the_table(tmp_path: Path) -> None:
    d = Driver(tmp_path, seed=11)
    menu = d.app.scene
    assert isinstance(menu, MenuScene)
    d.click(menu.button_rect("new").center)
    before, folders = table_hand(d)
    assert set(folders.values()) == {"png"}
    # Esc to the menu, «Настройки», choose the letters and the colours, save, «Продолжить»
    for letters, colours, face_set in (("latin", "atlasnye", ("latin", "four")), ("ru", "skat", ("ru", "skat"))):
        d.key(pygame.K_ESCAPE)
        menu = d.app.scene
        assert isinstance(menu, MenuScene)
        d.click(menu.button_rect("settings").center)
        scene = d.app.scene
        assert isinstance(scene, SettingsScene)
        choose(d, scene, "index_letters", letters)
        choose(d, scene, "four_colour", colours)
        d.click(scene.save_btn.get_abs_rect().center)
        saved = load_settings(d.app.paths.settings_file)
        assert (saved.index_letters, saved.four_colour, saved.deck) == (letters, True, colours)
        menu = d.app.scene
        assert isinstance(menu, MenuScene)
        d.click(menu.button_rect("continue").center)
        after, folders = table_hand(d)
        assert after != before  # the table's cards look different
        chain = fallback_chain(*face_set)
        assert all(f in chain for f in folders.values())
        for card, folder in folders.items():  # a diamond always differs from the two-colour Т К Д В set
            if CODE_OF[card].endswith("D"):
                assert folder == chain[0] or folder == chain[1], (card, folder)
        before = after


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert (Debian: librsvg2-bin)")
def test_the_render_script_reproduces_the_committed_images(tmp_path: Path) -> None:
    """A few cards of three face sets, rendered again from the SVG sources, are byte for byte the committed files."""
    script = render_script()
    rsvg = shutil.which("rsvg-convert")
    assert rsvg is not None
    for letters, colours, code in (("latin", "four", "QD"), ("ru", "skat", "AS"), ("latin", "two", "JC")):
        source = script.face_sheet(letters, colours)
        box = script.card_boxes(ET.fromstring(source))[script.card_ids()[code]]
        png = script.render(rsvg, script.card_svg(source, box, 80, 120), tmp_path)
        committed = CARDS_ROOT / fallback_chain(letters, colours)[0] / "120" / f"{code}.png"
        assert committed.read_bytes() == png
