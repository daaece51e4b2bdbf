"""Opens pages (report.html, city SVGs) in headless Chromium, fails on any console message, and
takes a full-page screenshot of each.

    python .ci/browser-check.py PAGE... [--png OUT.png] [--shots DIR]

Every run first checks itself: a copy of the first page with a script error, a console.error and
a missing image planted in it must be caught, or the check is not checking anything. Needs
selenium (from PyPI) and Debian's chromium and chromium-driver.
"""

import argparse
import base64
import pathlib
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# Chromium's flags for this machine's closed network (no background fetches, no first-run pages).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]
PLANTED = '<script>console.error("planted error"); notAFunction();</script><img src="missing.png">'


# Whether elements lie wholly inside the window, and the window is not scrolled.
IN_VIEW = """
const inside = (id) => { const r = document.getElementById(id).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth; };
return arguments[0].filter((id) => !inside(id)).concat(window.scrollY || window.scrollX ? ["window scrolled"] : []);
"""
# The window sizes pages are checked at: a laptop's and a wide screen's.
SIZES = [(1280, 800), (1920, 1080)]


def out_of_view(driver: webdriver.Chrome, ids: list[str]) -> list[str]:
    """Which of the elements `ids` are not wholly in the window (and whether the window scrolled)."""
    return driver.execute_script(IN_VIEW, ids)


def browser(profile: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS + [f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def visit(driver: webdriver.Chrome, page: pathlib.Path) -> tuple[list[str], bytes]:
    """The page's console messages, and a PNG of the whole page."""
    driver.get(page.resolve().as_uri())
    messages = console(driver)
    return messages, screenshot(driver)


def console(driver: webdriver.Chrome) -> list[str]:
    """The console messages the browser logged since the last call."""
    return [f"{e['level']}: {e['message']}" for e in driver.get_log("browser")]


def screenshot(driver: webdriver.Chrome) -> bytes:
    """A PNG of the whole page as it is now."""
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    width, height = int(size["width"] + 0.999), int(size["height"] + 0.999)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return base64.b64decode(shot["data"])


def planted_copy(page: pathlib.Path, folder: pathlib.Path) -> pathlib.Path:
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".svg":
        # In an SVG document, a script element in the SVG namespace.
        planted = '<script>console.error("planted error"); notAFunction();</script><image href="missing.png"/>'
        text = text.replace("</svg>", planted + "</svg>", 1)
    else:
        text = text.replace("</body>", PLANTED + "</body>", 1)
    copy = folder / ("planted" + page.suffix)
    copy.write_text(text, encoding="utf-8")
    return copy


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="+", type=pathlib.Path)
    parser.add_argument("--png", type=pathlib.Path, help="the screenshot of the (one) page goes here")
    parser.add_argument("--shots", type=pathlib.Path, help="a screenshot of every page goes into this folder")
    args = parser.parse_args()
    if args.png and len(args.pages) != 1:
        parser.error("--png takes one page")
    for page in args.pages:
        if not page.is_file():
            parser.error(f"{page} is not a file")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        driver = browser(str(pathlib.Path(tmp) / "profile"))
        try:
            messages, _ = visit(driver, planted_copy(args.pages[0], pathlib.Path(tmp)))
            # The browser may hand over the script's errors a moment after the image's: wait up to
            # 5 s for both before calling the check blind.
            deadline = time.monotonic() + 5
            while len(messages) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
                messages += console(driver)
            if len(messages) < 2:
                print(f"browser-check: the planted errors were not caught: {messages}", file=sys.stderr)
                return 1
            for page in args.pages:
                messages, png = visit(driver, page)
                for m in messages:
                    print(f"browser-check: {page}: console: {m}", file=sys.stderr)
                failed += bool(messages)
                if args.png:
                    args.png.write_bytes(png)
                if args.shots:
                    args.shots.mkdir(parents=True, exist_ok=True)
                    name = "-".join(page.resolve().parts[-2:]).replace(".", "-") + ".png"
                    (args.shots / name).write_bytes(png)
                print(f"browser-check: {page}: {'FAILED' if messages else 'ok'}, screenshot {len(png)} bytes")
        finally:
            driver.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
