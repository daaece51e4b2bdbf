"""A person's game against the bots played end to end in headless Chromium: starts
`stadt play --human 1 --bots ...`, opens the address it prints, and at each of the person's
decisions clicks a legal place or choice on the page (turning the tile in hand with the r key or
a click first), as a person would; then checks that the command wrote a record that replays to
the end, that the viewer opens it, and that the page logged no console message. Optionally saves
a screenshot taken in the middle of the game. At every decision, at 1280 and 1920 pixels wide in
turn, the status line must be in the window, which must not have scrolled; at the end it must name
the winner. At the person's second decision a second tab
shows the same position; after the move is made in the first, a click in the stale second tab
must be refused with a message on the page.

    python .ci/play-check.py --stadt target/release/stadt [--png OUT.png] [--seed S]
"""

import argparse
import pathlib
import random
import subprocess
import sys
import tempfile
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(pathlib.Path(__file__).parent))
browser_check = __import__("browser-check")

BOTS = "mcts:iters=200,steerer"


def settled(driver):
    """The page's view once the game waits for the person or is over, else None."""
    return driver.execute_script(
        "const v = window.stadtPlay && window.stadtPlay.view();"
        " return v && (v.waiting || v.over || v.status.startsWith('the game stopped')) ? v : null"
    )


def decide(driver, rng: random.Random) -> str:
    """Clicks one legal choice; returns the move clicked."""
    hand = driver.find_element(By.ID, "hand-box")
    if hand.is_displayed():
        for _ in range(rng.randrange(4)):
            if rng.random() < 0.5:
                driver.find_element(By.TAG_NAME, "body").send_keys("r")
            else:
                driver.find_element(By.CSS_SELECTOR, "#hand svg").click()
        targets = driver.find_elements(By.CSS_SELECTOR, "#picture svg .place")
    else:
        targets = driver.find_elements(By.CSS_SELECTOR, "#picture svg .spot, #buttons button")
    if not targets:
        raise RuntimeError("the person's turn shows nothing to click")
    rng.shuffle(targets)
    for target in targets:
        move = target.get_attribute("data-move")
        try:
            target.click()
            return move
        except WebDriverException:
            continue  # covered by another choice's marker: try the next one
    raise RuntimeError("no choice could be clicked")


def stale_click_refused(driver, url: str, rng: random.Random) -> list[str]:
    """Opens the game in a second tab, plays a move in the first, then clicks in the stale second
    tab: the server must refuse it and the page show why. Ends back in the first tab."""
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(url)
    WebDriverWait(driver, 30, poll_frequency=0.05).until(settled)
    second = driver.current_window_handle
    driver.switch_to.window(first)
    before = driver.execute_script("return window.stadtPlay.view().log.length")
    decide(driver, rng)
    WebDriverWait(driver, 30, poll_frequency=0.05).until(
        lambda d: d.execute_script("return window.stadtPlay.view().log.length") > before
    )
    driver.switch_to.window(second)
    stale = decide(driver, rng)
    message = WebDriverWait(driver, 30, poll_frequency=0.05).until(lambda d: d.find_element(By.ID, "message").text)
    # Chromium logs the refusal's status itself; anything else logged is a fault.
    problems = [
        f"console: {e['level']}: {e['message']}"
        for e in driver.get_log("browser")
        if not ("/move?token=" in e["message"] and ("status of 422" in e["message"] or "status of 409" in e["message"]))
    ]
    driver.close()
    driver.switch_to.window(first)
    WebDriverWait(driver, 120, poll_frequency=0.05).until(settled)
    if "not allowed" not in message and "not your turn" not in message:
        problems.append(f"the stale click {stale} got the message {message!r}")
    print(f"play-check: a stale click ({stale}) was refused: {message}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stadt", default="target/release/stadt")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--png", type=pathlib.Path, help="a screenshot of the page in the middle of the game")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        record = folder / "game.rec"
        command = [args.stadt, "play", "--human", "1", "--bots", BOTS, "--seed", str(args.seed)]
        game = subprocess.Popen(command + ["--record", str(record)], stdout=subprocess.PIPE, text=True)
        driver = None
        try:
            line = game.stdout.readline()
            url = next(w for w in line.split() if w.startswith("http://127.0.0.1:"))
            driver = browser_check.browser(str(folder / "profile"))
            driver.set_window_size(*browser_check.SIZES[0])
            driver.get(url)
            decisions = 0
            while True:
                view = WebDriverWait(driver, 120, poll_frequency=0.05).until(settled)
                # The status line stays in view however the city grows, at either width.
                driver.set_window_size(*browser_check.SIZES[decisions // 10 % len(browser_check.SIZES)])
                hidden = browser_check.out_of_view(driver, ["status", "message"])
                if hidden:
                    problems.append(
                        f"after {decisions} decisions at {browser_check.SIZES[decisions // 10 % len(browser_check.SIZES)]}: {hidden} out of view"
                    )
                    break
                if not view["waiting"]:
                    break
                before = len(view["log"])
                if decisions == 1:
                    problems += stale_click_refused(driver, url, rng)
                    decisions += 1  # the move made in the first tab
                    view = WebDriverWait(driver, 120, poll_frequency=0.05).until(settled)
                    if not view["waiting"]:
                        break
                    before = len(view["log"])
                move = decide(driver, rng)
                decisions += 1
                WebDriverWait(driver, 30, poll_frequency=0.05).until(
                    lambda d, before=before: (
                        d.execute_script("return window.stadtPlay.view().log.length") > before
                        or d.find_element(By.ID, "message").text
                    )
                )
                message = driver.find_element(By.ID, "message").text
                if message:
                    problems.append(f"clicking {move} was refused: {message}")
                    break
                if decisions == 40 and args.png:
                    WebDriverWait(driver, 120, poll_frequency=0.05).until(settled)
                    args.png.write_bytes(browser_check.screenshot(driver))
            if not view["over"]:
                problems.append(f"the game ended without being over: {view['status']}")
            status = driver.find_element(By.ID, "status").text
            if not (status.startswith("game over: ") and (" win" in status or " wins " in status)):
                problems.append(f"the end does not name the winner: {status!r}")
            print(f"play-check: the end says: {status}")
            messages = [f"{e['level']}: {e['message']}" for e in driver.get_log("browser")]
            problems += [f"console: {m}" for m in messages]
        finally:
            if driver is not None:
                driver.quit()
            try:
                code = game.wait(timeout=60)
            except subprocess.TimeoutExpired:
                game.kill()
                code = "killed"
        if code != 0:
            problems.append(f"stadt play --human exited with {code}")
        replay = subprocess.run(
            [args.stadt, "replay", str(record), "--html", str(folder / "game.html")], capture_output=True, text=True
        )
        if replay.returncode != 0:
            problems.append(f"the record does not replay: {replay.stderr}")
        mine = sum(1 for line in record.read_text().splitlines() if line.startswith("p1:")) if record.exists() else 0
        if mine != decisions:
            problems.append(f"the record holds {mine} decisions of p1, the page made {decisions}")
    for p in problems:
        print(f"play-check: {p}", file=sys.stderr)
    print(f"play-check: {decisions} decisions clicked, {'FAILED' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    start = time.time()
    code = main()
    print(f"play-check: {time.time() - start:.0f} s")
    sys.exit(code)
