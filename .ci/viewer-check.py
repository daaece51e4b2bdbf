"""The game viewer (`stadt replay GAME.rec --html`, of any game) in headless Chromium: steps
through every decision with the right-arrow key and checks that the picture shown at step N is
byte for byte the one `stadt replay GAME.rec --svg --upto N` draws, that the slider, the buttons and a click on
the move list go where they say, that the controls stay in the window (which never scrolls) at
1280 and 1920 pixels wide, and that the page logs no console message. Optionally saves a
screenshot of one step.

    python .ci/viewer-check.py --stadt target/release/stadt GAME.rec [--png OUT.png --at N]

It first checks itself: a page whose pictures are shifted by one step must fail the comparison.
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(pathlib.Path(__file__).parent))
browser_check = __import__("browser-check")


def svg_upto(stadt: str, record: pathlib.Path, n: int, folder: pathlib.Path) -> str:
    out = folder / f"upto-{n}.svg"
    subprocess.run([stadt, "replay", str(record), "--svg", str(out), "--upto", str(n)], check=True, capture_output=True)
    return out.read_text(encoding="utf-8")


# The header lines' first words: Die Stadt's records, then Catan's (with its board's lines).
HEADER = {"stadt-record", "players", "tiles", "pile1", "pile2", "pile3", "seed"} | {
    "stadt-catan-record",
    "options",
    "deck",
    "stadt-catan-board",
    "terrain",
    "numbers",
    "harbours",
}


# A Catan record's chance outcomes (`chance: dice 3 4`, record version 2) follow the decision they
# belong to: they are no step of the viewer's.
OUTCOME = "chance:"


def decision_lines(record: pathlib.Path) -> int:
    words = (line.split("#")[0].split() for line in record.read_text(encoding="utf-8").splitlines())
    return sum(1 for w in words if w and w[0] not in HEADER and w[0] != OUTCOME)


def open_viewer(driver, page: pathlib.Path) -> int:
    driver.get(page.resolve().as_uri())
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return window.stadtViewer !== undefined"))
    return driver.execute_script("return window.stadtViewer.steps")


def shown(driver) -> str:
    return driver.execute_script("return window.stadtViewer.svg()")


def check(driver, page: pathlib.Path, expected: list[str]) -> list[str]:
    """What is wrong with the viewer page against the expected pictures (empty: nothing)."""
    problems = []
    steps = open_viewer(driver, page)
    if steps != len(expected):
        return [f"the page has {steps} steps, the record {len(expected)}"]
    body = driver.find_element(By.TAG_NAME, "body")
    for n in range(steps):
        if n > 0:
            body.send_keys(Keys.ARROW_RIGHT)
        # The controls stay in view through the whole game, at a laptop's and a wide screen's width.
        if n % 20 == 0 or n == steps - 1:
            for size in browser_check.SIZES:
                driver.set_window_size(*size)
                hidden = browser_check.out_of_view(driver, ["slider", "counter", "next"])
                if hidden:
                    problems.append(f"step {n} at {size}: {hidden} out of view")
        state = driver.execute_script(
            "return [window.stadtViewer.step(), document.getElementById('slider').value,"
            " document.querySelector('#moves li.current').dataset.step,"
            " document.querySelector('#picture svg title').textContent]"
        )
        if state[:3] != [n, str(n), str(n)]:
            problems.append(f"after {n} right arrows: step, slider, highlighted move = {state[:3]}")
        if shown(driver) != expected[n]:
            problems.append(f"step {n}: the picture differs from replay --svg --upto {n}")
        if n == 0 or n == steps - 1:
            title = expected[n].split("<title>")[1].split("</title>")[0]
            if state[3] != title:
                problems.append(f"step {n}: the picture shown is titled {state[3]!r}, not {title!r}")
        if problems:
            break
    # The other ways to move: buttons, the move list, Home and the left arrow.
    driver.find_element(By.ID, "first").click()
    driver.find_element(By.ID, "next").click()
    driver.find_element(By.ID, "next").click()
    driver.find_element(By.ID, "prev").click()
    if driver.execute_script("return window.stadtViewer.step()") != 1:
        problems.append("first, next, next, prev did not end at step 1")
    target = steps // 2
    driver.find_element(By.CSS_SELECTOR, f'#moves li[data-step="{target}"]').click()
    if driver.execute_script("return window.stadtViewer.step()") != target or shown(driver) != expected[target]:
        problems.append(f"a click on move {target} did not show step {target}")
    body.send_keys(Keys.END)
    body.send_keys(Keys.ARROW_LEFT)
    if driver.execute_script("return window.stadtViewer.step()") != steps - 2:
        problems.append("End then left arrow did not end at the step before the last")
    # The slider itself, moved by the keyboard as the browser does it.
    slider = driver.find_element(By.ID, "slider")
    slider.send_keys(Keys.HOME)
    slider.send_keys(Keys.ARROW_RIGHT)
    if driver.execute_script("return window.stadtViewer.step()") != 1 or shown(driver) != expected[1]:
        problems.append("the slider moved to 1 did not show step 1")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", type=pathlib.Path)
    parser.add_argument("--stadt", default="target/release/stadt")
    parser.add_argument("--png", type=pathlib.Path, help="a screenshot of the viewer at step --at")
    parser.add_argument("--at", type=int, default=0, help="the step of the screenshot")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        page = folder / "viewer.html"
        subprocess.run([args.stadt, "replay", str(args.record), "--html", str(page)], check=True, capture_output=True)
        decisions = decision_lines(args.record)
        expected = [svg_upto(args.stadt, args.record, n, folder) for n in range(decisions + 1)]
        driver = browser_check.browser(str(folder / "profile"))
        try:
            # Self-check: the same page checked against pictures one step off must fail.
            if not check(driver, page, expected[1:] + expected[:1]):
                print("viewer-check: a shifted picture list was not caught", file=sys.stderr)
                return 1
            driver.get("about:blank")
            driver.get_log("browser")
            problems = check(driver, page, expected)
            messages = [f"{e['level']}: {e['message']}" for e in driver.get_log("browser")]
            problems += [f"console: {m}" for m in messages]
            if args.png:
                driver.set_window_size(2200, 1300)
                open_viewer(driver, page)
                for _ in range(args.at):
                    driver.find_element(By.ID, "next").click()
                png = browser_check.screenshot(driver)
                args.png.write_bytes(png)
        finally:
            driver.quit()
    for p in problems:
        print(f"viewer-check: {args.record}: {p}", file=sys.stderr)
    print(f"viewer-check: {args.record}: {decisions + 1} steps, {'FAILED' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
