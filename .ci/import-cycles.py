"""No import circle between the files of a crate: every `crate::` and `super::` path a source file
names (its unit tests apart) is an edge to the file of that module; a cycle fails (exit 1) and is
printed. Cargo already forbids cycles between crates."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tomllib

# Every crate of the workspace, so that a new one is checked without being listed here.
CRATES = tomllib.loads(Path("Cargo.toml").read_text())["workspace"]["members"]
PATH = re.compile(r"\b(crate|super)::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)")
TESTS = re.compile(r"#\[cfg\(test\)\]\s*mod tests\s*\{.*", re.S)

Module = tuple[str, ...]


def module_of(src: Path, file: Path) -> Module:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def imports(src: Path, file: Path, modules: dict[Module, Path]) -> set[Module]:
    me = module_of(src, file)
    # `super::` of a mod.rs is its parent's; of any other file, the module holding it.
    holder = me[:-1]
    text = TESTS.sub("", file.read_text())
    out: set[Module] = set()
    for kind, path in PATH.findall(text):
        name = tuple(path.split("::"))
        target = name if kind == "crate" else holder + name
        while target and target not in modules:
            target = target[:-1]
        if target and target != me:
            out.add(target)
    return out


def cycles(root: Path) -> list[list[Module]]:
    src = root / "src"
    modules = {module_of(src, f): f for f in sorted(src.rglob("*.rs"))}
    graph = {m: imports(src, f, modules) for m, f in modules.items()}
    state: dict[Module, int] = {}
    stack: list[Module] = []
    found: list[list[Module]] = []

    def visit(u: Module) -> None:
        state[u] = 1
        stack.append(u)
        for v in sorted(graph[u]):
            if state.get(v, 0) == 0:
                visit(v)
            elif state[v] == 1:
                found.append(stack[stack.index(v) :] + [v])
        stack.pop()
        state[u] = 2

    for m in sorted(graph):
        if state.get(m, 0) == 0:
            visit(m)
    return found


def main() -> int:
    sys.setrecursionlimit(10_000)
    repo = Path(__file__).resolve().parent.parent
    bad = 0
    for crate in CRATES:
        for cycle in cycles(repo / crate):
            bad += 1
            print(f"{crate}: " + " -> ".join("::".join(m) or "lib" for m in cycle))
    print(f"import-cycles: {bad} cycle(s) between the files of {len(CRATES)} crates")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
