"""The Python examples of README.md and docs/python.md run as written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import REPO


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def section(text: str, heading: str | None) -> str:
    """From `heading` to the next heading of any level, or the whole text."""
    if heading is None:
        return text
    start = text.index(heading)
    following = re.search(r"\n#{1,6} ", text[start + len(heading) :])
    end = start + len(heading) + following.start() if following else len(text)
    return text[start:end]


# The README's "From Python" part of its tour, and the whole of docs/python.md.
DOCS = {"README.md": "### From Python", "docs/python.md": None}


@pytest.mark.parametrize("doc", sorted(DOCS))
def test_the_examples_run(doc: str, tmp_path: Path) -> None:
    blocks = python_blocks(section((REPO / doc).read_text(), DOCS[doc]))
    assert blocks, f"{doc} has no Python example"
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        for block in blocks:
            exec(compile(block, doc, "exec"), {"__name__": "example"})
    finally:
        os.chdir(cwd)
    assert list((tmp_path / "results/mine").glob("**/summary.csv")), f"{doc}: no tournament ran"
